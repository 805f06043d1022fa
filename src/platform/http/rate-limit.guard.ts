import { CanActivate, ExecutionContext, HttpException, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { clientAddressKey } from './client-address';
import { errorBody } from './error-body';
import { RateLimitStore } from './rate-limit.store';

export type RateBucket = 'login' | 'forgot' | 'lookup' | 'register';
const RATE_BUCKET = 'rate-bucket';
export const RateLimited = (bucket: RateBucket) => SetMetadata(RATE_BUCKET, bucket);

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows per (surface, bucket, client address: an IPv6 client's /64,
 * client-address.ts), counted in RateLimitStore: in Redis, shared by every API process and replica
 * (decision 0037). Past the limit: 429; Redis unreachable: 503 (the call is not let through unlimited).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: RateLimitStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<RateBucket | undefined>(RATE_BUCKET, context.getHandler());
    if (!bucket) return true;
    const limit = {
      login: this.config.rateLimit.loginPerMinute,
      forgot: this.config.rateLimit.forgotPerMinute,
      lookup: this.config.rateLimit.lookupsPerMinute,
      register: this.config.rateLimit.registerPerMinute,
    }[bucket];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Member and admin logins are limited apart, as they were when each surface's guard counted its own.
    const surface = request.url.startsWith('/admin-api/') ? 'admin' : 'member';
    const count = await this.store.hit(`${surface}:${bucket}:${clientAddressKey(request.ip)}`, WINDOW_MS);
    if (count > limit) throw new HttpException(errorBody(429, 'Too many requests. Please try again later.'), 429);
    return true;
  }
}
