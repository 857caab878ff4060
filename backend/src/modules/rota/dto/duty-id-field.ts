import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

/**
 * The optional `dutyId` of a rota read or edit (docs/product.md#duties): the duty it is about,
 * the Duty Manager duty when absent. Another organisation's or an unknown duty is a 404.
 */
export function DutyIdField(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsUUID('all', { message: "dutyId must be a duty's id" })(target, property);
    ApiProperty({
      format: 'uuid',
      required: false,
      description: 'The duty it is about (GET /api/duties); the Duty Manager duty when absent.',
    })(target, property);
  };
}
