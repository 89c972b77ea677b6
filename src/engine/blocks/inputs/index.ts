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
