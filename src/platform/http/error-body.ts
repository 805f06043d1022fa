/** The one error shape of both surfaces: `result` for the member contract's clients, `message` for everyone else. */
export interface ErrorBody {
  statusCode: number;
  result: string;
  message: string;
  code?: string;
}

export const errorBody = (statusCode: number, message: string, code?: string): ErrorBody => ({
  statusCode,
  result: message,
  message,
  ...(code ? { code } : {}),
});
