import { ExtractJwt, StrategyOptionsWithoutRequest } from 'passport-jwt';
import { AppConfig } from '../../../config/config';

/** Both surfaces read a bearer token signed with the configured secret, expiry enforced. */
export const bearerJwt = (config: AppConfig): StrategyOptionsWithoutRequest => ({
  jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
  secretOrKey: config.jwtSecret,
  ignoreExpiration: false,
});
