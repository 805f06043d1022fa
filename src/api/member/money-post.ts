import { applyDecorators, Header, HttpCode, Post } from '@nestjs/common';
import { MoneyOrCredentialCall } from '../../modules/identity';

/** An answer that is JSON text (the spec's quoted string), sent as application/json. */
export const JsonText = () => Header('Content-Type', 'application/json; charset=utf-8');

/**
 * A member POST that moves money or e-pins: 200 whatever the outcome (the answer's text says how it
 * went), and refused in a "Log in as" session of an admin other than a superadmin
 * (MoneyOrCredentialCall). `jsonText`: the answer is a quoted string sent as JSON.
 */
export const MoneyPost = (path: string, options: { jsonText?: boolean } = {}) =>
  applyDecorators(Post(path), HttpCode(200), MoneyOrCredentialCall(), ...(options.jsonText ? [JsonText()] : []));
