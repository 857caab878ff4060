import { RotaPersonDto } from '../../rota/dto/rota.dto';

export class RequestPersonDto extends RotaPersonDto {}
