import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';

export const REASON_MAX = 500;

/** A trimmed, non-blank reason of at most 500 characters. */
export function Reason(required: string) {
  return (target: object, property: string) => {
    Transform(trim)(target, property);
    IsString({ message: required })(target, property);
    MinLength(1, { message: required })(target, property);
    MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })(target, property);
  };
}

/** Request payloads carry `status` (docs/product.md#requests); a new request can only be pending, so anything else is refused. */
export function NewStatus() {
  return (target: object, property: string) => {
    ApiProperty({ enum: ['pending'], required: false, description: 'Optional; a new request is always pending.' })(target, property);
    IsOptional()(target, property);
    IsIn(['pending'], { message: 'A new request is always pending: leave status out or send "pending"' })(target, property);
  };
}
