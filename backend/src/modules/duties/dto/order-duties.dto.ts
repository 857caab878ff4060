import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';

export const ORDER_MESSAGE = "The order (dutyIds) must list each of the school's duties once, by its id";

/** The school's duties in their new order. */
export class OrderDutiesDto {
  /** Every duty not deleted, paused ones and the Duty Manager duty too, each once, first first. */
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsArray({ message: ORDER_MESSAGE })
  @ArrayMaxSize(500, { message: ORDER_MESSAGE })
  @IsUUID('4', { each: true, message: ORDER_MESSAGE })
  dutyIds!: string[];
}
