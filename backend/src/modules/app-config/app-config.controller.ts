import { Controller, Inject } from '@nestjs/common';
import { Endpoint } from '../../common/endpoint';
import { ROUTES, type PublicConfig } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

/** What the browser may know of the settings; never a secret. */
@Controller()
export class AppConfigController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Endpoint(ROUTES.config.get)
  @PublicAnswer()
  get(): PublicConfig {
    return {
      supportEmail: this.settings.supportEmail,
      donateUrl: this.settings.donateUrl,
      paypalClientId: this.settings.paypalClientId,
      paypalSdkUrl: this.settings.paypalSdkUrl,
      gifsEnabled: !!this.settings.giphyApiKey,
      emojiCdnUrl: this.settings.emojiCdnUrl,
      staffTwoFactorRequired: this.settings.require2faForStaff,
    };
  }
}
