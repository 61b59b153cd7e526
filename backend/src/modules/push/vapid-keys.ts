import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import webpush from 'web-push';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { PushRepository } from './push.repository';

interface VapidPair {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID key pair every instance signs pushes with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or else
 * the pair kept in `push_vapid_keys`, made by the first instance that started without one (insert
 * ON CONFLICT DO NOTHING, then every instance reads the row). The private key stays in this process:
 * it is never answered, logged, or put in a job.
 */
@Injectable()
export class VapidKeys implements OnModuleInit {
  private pair: VapidPair | null = null;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: PushRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const keys = this.settings.vapid ?? (await this.repository.keepVapidKeys(webpush.generateVAPIDKeys()));
    this.pair = { ...keys, subject: this.settings.vapidSubject };
  }

  current(): VapidPair {
    if (!this.pair) throw new Error('VAPID keys are not loaded yet');
    return this.pair;
  }

  /** The public key (base64url, the uncompressed P-256 point): the browser's applicationServerKey. */
  get publicKey(): string {
    return this.current().publicKey;
  }
}
