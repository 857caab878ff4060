import { ApiProperty } from '@nestjs/swagger';
import { EmailDeliveryDto } from './email-delivery.dto';

export class EmailDeliveriesDto {
  /** True when no SMTP server is configured: emails are simulated and only listed here. */
  testMode!: boolean;
  /** The organisation's latest emails, newest first (at most 10). */
  @ApiProperty({ type: [EmailDeliveryDto] })
  emails!: EmailDeliveryDto[];
}
