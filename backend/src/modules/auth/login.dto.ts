import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';

export class LoginDto {
  @IsString({ message: MESSAGES.auth.usernameRequired })
  @IsNotEmpty({ message: MESSAGES.auth.usernameRequired })
  @MaxLength(254, { message: MESSAGES.auth.invalidCredentials })
  username: string;

  @IsString({ message: MESSAGES.auth.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.auth.passwordRequired })
  @MaxLength(256, { message: MESSAGES.auth.invalidCredentials })
  password: string;
}
