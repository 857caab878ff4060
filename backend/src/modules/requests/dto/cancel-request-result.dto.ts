import { CancelRequestDto } from './cancel-request.dto';
import { RequestPersonDto } from './request-person.dto';

export class CancelRequestResultDto {
  request!: CancelRequestDto;
  processedAutomatically!: boolean;
  /** Who was put in the freed slot (auto-fill), if anyone. */
  replacement!: RequestPersonDto | null;
  message!: string;
}
