import type { InputHandler } from '../handler';
import { cardsInput } from './cards';
import { choiceInput } from './choice';
import { dateInput } from './date';
import { emailInput } from './email';
import { fileInput } from './file';
import { numberInput } from './number';
import { paymentInput } from './payment';
import { phoneInput } from './phone';
import { pictureChoiceInput } from './picture-choice';
import { ratingInput } from './rating';
import { textInput } from './text';
import { timeInput } from './time';
import { urlInput } from './url';

/** Every input block module (reference §2.2), one per wire `type`. */
export const inputHandlers: InputHandler[] = [
  textInput,
  numberInput,
  emailInput,
  urlInput,
  phoneInput,
  dateInput,
  timeInput,
  ratingInput,
  fileInput,
  paymentInput,
  choiceInput,
  pictureChoiceInput,
  cardsInput,
];

export {
  cardsInput,
  choiceInput,
  dateInput,
  emailInput,
  fileInput,
  numberInput,
  paymentInput,
  phoneInput,
  pictureChoiceInput,
  ratingInput,
  textInput,
  timeInput,
  urlInput,
};
