import { EventMetadata } from '../../../../platform/event-store/event.types';
import { EpinType } from '../../../epins';

/** The dashboard's "REQUEST 5,000 / 10,000 HELP": top up with one's own e-pin and open a help request. */
export class RequestHelpCommand {
  constructor(
    readonly uid: string,
    readonly epinType: EpinType,
    readonly metadata: EventMetadata,
  ) {}
}
