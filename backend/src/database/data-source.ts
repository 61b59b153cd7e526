import { types } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { InitialSchema1732200000000 } from './migrations/1732200000000-InitialSchema';
import { NotificationIndexes1732400000000 } from './migrations/1732400000000-NotificationIndexes';
import { FollowingFeedIndex1732300000000 } from './migrations/1732300000000-FollowingFeedIndex';
import { MediaVariants1732700000000 } from './migrations/1732700000000-MediaVariants';
import { MediaPosters1732800000000 } from './migrations/1732800000000-MediaPosters';
import { MentionAlerts1732900000000 } from './migrations/1732900000000-MentionAlerts';
import { PostMentionsAndTags1732910000000 } from './migrations/1732910000000-PostMentionsAndTags';
import { UsernamePrefixIndex1732920000000 } from './migrations/1732920000000-UsernamePrefixIndex';
import { MediaAltText1732940000000 } from './migrations/1732940000000-MediaAltText';
import { UserSafety1733000000000 } from './migrations/1733000000000-UserSafety';
import { Bookmarks1732930000000 } from './migrations/1732930000000-Bookmarks';
import { Moderation1733100000000 } from './migrations/1733100000000-Moderation';
import { TeamAlerts1733300000000 } from './migrations/1733300000000-TeamAlerts';
import { AlertSettings1732950000000 } from './migrations/1732950000000-AlertSettings';
import { BoostLedger1733420000000 } from './migrations/1733420000000-BoostLedger';
import { SubscriptionChecks1733420100000 } from './migrations/1733420100000-SubscriptionChecks';
import { AppSecrets1733428000000 } from './migrations/1733428000000-AppSecrets';
import { LikesByPostRecent1733500000000 } from './migrations/1733500000000-LikesByPostRecent';
import { AccountMail1733600000001 } from './migrations/1733600000001-AccountMail';
import { Passkeys1733900000000 } from './migrations/1733900000000-Passkeys';
import { UserTheme1734100000000 } from './migrations/1734100000000-UserTheme';
import { DirectMessages1734200000000 } from './migrations/1734200000000-DirectMessages';
import { TotpTwoFactor1733700000010 } from './migrations/1733700000010-TotpTwoFactor';
import { DataExports1733800000001 } from './migrations/1733800000001-DataExports';
import { WebPush1734000000000 } from './migrations/1734000000000-WebPush';

// bigint ids and COUNT(*) arrive as numbers (all ours stay far below 2^53).
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const MIGRATIONS = [
  InitialSchema1732200000000,
  FollowingFeedIndex1732300000000,
  NotificationIndexes1732400000000,
  MediaVariants1732700000000,
  MediaPosters1732800000000,
  MentionAlerts1732900000000,
  PostMentionsAndTags1732910000000,
  UsernamePrefixIndex1732920000000,
  Bookmarks1732930000000,
  MediaAltText1732940000000,
  AlertSettings1732950000000,
  UserSafety1733000000000,
  Moderation1733100000000,
  TeamAlerts1733300000000,
  BoostLedger1733420000000,
  SubscriptionChecks1733420100000,
  AppSecrets1733428000000,
  LikesByPostRecent1733500000000,
  AccountMail1733600000001,
  TotpTwoFactor1733700000010,
  DataExports1733800000001,
  Passkeys1733900000000,
  WebPush1734000000000,
  UserTheme1734100000000,
  DirectMessages1734200000000,
];

/**
 * The app adds its entities (app.module.ts): the database layer knows no domain, and migrations need none.
 * `connectTimeoutMs` bounds the wait for a pooled connection (a free one, or a new one while
 * PostgreSQL is unreachable or silent): past it the request fails, and answers 503.
 * `statementTimeoutMs`, when given, is every pooled connection's statement_timeout, sent in its startup
 * packet (no statement of its own, nothing per query): the app's pool passes the request limit;
 * migrations, the CLI and the restore's staging migrations pass none.
 */
export function dataSourceOptions(databaseUrl: string, connectTimeoutMs = 5000, statementTimeoutMs?: number): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    // The pool of transactions and every query but the hot reads (which have their own: SqlService).
    // A transaction holds its connection through each round trip in a busy event loop, so under a stream
    // of writes the time held, not PostgreSQL's work, sets how many are needed: beside a saturated feed
    // at 100 writes a second, 8 refused hundreds (503), 12 a few in some runs (decision 0091).
    extra: { max: 12, connectionTimeoutMillis: connectTimeoutMs, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) },
  };
}

export const createDataSource = (databaseUrl: string) => new DataSource(dataSourceOptions(databaseUrl));
