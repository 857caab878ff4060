import { ApiProperty } from '@nestjs/swagger';

/** The one shape of every error the API returns. */
export class ErrorResponseDto {
  /** The HTTP status code, repeated in the body for clients that only see the body. */
  @ApiProperty({ example: 400 })
  statusCode!: number;

  /** What went wrong, written for a person to act on. */
  @ApiProperty({ example: 'name must be longer than or equal to 2 characters' })
  message!: string;

  /** The standard reason phrase of the status code. */
  @ApiProperty({ example: 'Bad Request' })
  error!: string;

  /** A stable name for errors a client may handle specially, e.g. `slots_full`. */
  @ApiProperty({ required: false, example: 'slots_full' })
  code?: string;
}
