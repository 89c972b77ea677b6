// The starter templates of "New bot": the console's gallery and the API's botTemplates query (assistants start from them) read this one list.
import { aiAssistant } from './ai-assistant';
import type { BotTemplate } from './definition';
import { faqWithButtons } from './faq';
import { leadCapture } from './lead-capture';
import { npsSurvey } from './nps';
import { quizWithScore } from './quiz';

export type { BotTemplate, TemplateDefinition } from './definition';

/** The starters of "New bot", in the gallery's order (after "Blank"). */
export const TEMPLATES: readonly BotTemplate[] = [leadCapture, faqWithButtons, npsSurvey, quizWithScore, aiAssistant];
