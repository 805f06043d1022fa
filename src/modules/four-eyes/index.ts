/** The four-eyes context's public surface: requests a second admin approves (decision 0034). */
export { FourEyesModule } from './four-eyes.module';
export { RequestFourEyesCommand } from './commands/request-four-eyes/request-four-eyes.command';
export type { FourEyesAnswer } from './commands/request-four-eyes/request-four-eyes.command';
export { DecideFourEyesCommand } from './commands/decide-four-eyes/decide-four-eyes.command';
export { FOUR_EYES_ACTIONS, PRIVILEGED_ROLES } from './domain/four-eyes.events';
export type { FourEyesAction } from './domain/four-eyes.events';
export { fourEyesProjection } from './projections/four-eyes.projection';
export { FOUR_EYES_LIST, listFourEyes, showFourEyes } from './queries/four-eyes/four-eyes.query';
