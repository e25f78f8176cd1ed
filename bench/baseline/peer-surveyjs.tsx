// The peer of the first-load and lab benchmarks: the same details form (name, email and phone, with
// the details screen's validations and messages) built with SurveyJS, as one plain webpack app.
import 'survey-core/survey-core.min.css';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../participant-app/src/lib/validation';

const survey = new Model({
  title: 'Account information',
  description: 'Enter your details to begin the Prometrica assessment.',
  showQuestionNumbers: 'off',
  completeText: 'Continue',
  completedHtml: '<p>Thank you.</p>',
  elements: [
    {
      type: 'text',
      name: 'name',
      title: 'Full name',
      autocomplete: 'name',
      maxLength: 200,
      isRequired: true,
      requiredErrorText: 'Name is required',
    },
    {
      type: 'text',
      name: 'email',
      title: 'Email',
      inputType: 'email',
      autocomplete: 'email',
      maxLength: 254,
      isRequired: true,
      requiredErrorText: 'Email is required',
      validators: [{ type: 'regex', regex: EMAIL_PATTERN.source, text: 'Please enter a valid email address' }],
    },
    {
      type: 'text',
      name: 'phone',
      title: 'Phone number',
      inputType: 'tel',
      autocomplete: 'tel',
      placeholder: '03XXXXXXXXX',
      maxLength: 32,
      isRequired: true,
      requiredErrorText: 'Phone number is required',
      validators: [
        {
          type: 'regex',
          regex: PHONE_PATTERN.source,
          text: 'Phone number may contain only digits, spaces, dashes, dots, brackets and a leading +',
        },
      ],
    },
  ],
});

createRoot(document.getElementById('root')!).render(<Survey model={survey} />);
