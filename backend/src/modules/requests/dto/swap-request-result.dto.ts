import { SwapRequestDto } from './swap-request.dto';

export class SwapRequestResultDto {
  request!: SwapRequestDto;
  /** Approved at once by auto-approval; never on creation now that the colleague is asked first. */
  processedAutomatically!: boolean;
  /** What happened, in words for the toast. */
  message!: string;
}
