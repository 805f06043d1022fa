import { CanActivate, ExecutionContext, HttpException, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { clientAddressKey } from './client-address';
import { errorBody } from './error-body';

export type RateBucket = 'login' | 'forgot' | 'lookup' | 'register';
const RATE_BUCKET = 'rate-bucket';
export const RateLimited = (bucket: RateBucket) => SetMetadata(RATE_BUCKET, bucket);

const WINDOW_MS = 60_000;
/** Keys tracked at most; the oldest window is dropped first, so memory stays bounded. */
const MAX_KEYS = 100_000;

/**
 * Fixed one-minute windows per (bucket, client address: an IPv6 client's /64, client-address.ts), in process memory. Behind a load balancer each
 * replica counts its own share; the lock-out after repeated failed logins is in the ledger and
 * holds across replicas.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const bucket = this.reflector.get<RateBucket | undefined>(RATE_BUCKET, context.getHandler());
    if (!bucket) return true;
    const limit = {
      login: this.config.rateLimit.loginPerMinute,
      forgot: this.config.rateLimit.forgotPerMinute,
      lookup: this.config.rateLimit.lookupsPerMinute,
      register: this.config.rateLimit.registerPerMinute,
    }[bucket];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const key = `${bucket}:${clientAddressKey(request.ip)}`;
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      this.windows.delete(key);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    if (window.count > limit)
      throw new HttpException(errorBody(429, 'Too many requests. Please try again later.'), 429);
    return true;
  }
}
