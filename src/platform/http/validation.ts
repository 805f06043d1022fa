import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { errorBody } from './error-body';

function firstConstraint(errors: ValidationError[]): string {
  for (const error of errors) {
    if (error.constraints) {
      const messages = Object.values(error.constraints);
      if (messages.length > 0) return messages[0];
    }
    if (error.children?.length) {
      const nested = firstConstraint(error.children);
      if (nested) return nested;
    }
  }
  return 'Invalid request';
}

/** Whitelist and forbid unknown fields on every input; the first problem is the answer. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => new BadRequestException(errorBody(400, firstConstraint(errors))),
  });
}
