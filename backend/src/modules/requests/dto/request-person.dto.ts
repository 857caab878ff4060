import { RotaPersonDto } from '../../rota/dto/rota-person.dto';

export class RequestPersonDto extends RotaPersonDto {}
