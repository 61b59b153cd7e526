/**
 * Whether an account has a second factor on: what the session guard asks when REQUIRE_2FA_FOR_STAFF
 * holds and staff call a staff route. Declared here so shared code does not depend on the two-factor
 * module, which provides it (see SessionAuthModule).
 */
export abstract class StaffSecondFactor {
  abstract hasSecondFactor(userId: number): Promise<boolean>;
}
