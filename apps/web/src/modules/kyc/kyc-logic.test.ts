import type { TKycRecord } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdateProblem,
  type CalendarDay,
  documentProblems,
  draftFromRecord,
  EMPTY_DRAFT,
  fieldsNamedByRefusal,
  firstStepWithProblems,
  inkLength,
  isSignatureDrawn,
  type KycDraft,
  kycView,
  latestBirthdate,
  normalisePhone,
  parseIsoDay,
  personalProblems,
  reviewDeadline,
  submitRequest,
} from './kyc-logic';

const day = (text: string): CalendarDay => {
  const parsed = parseIsoDay(text);
  if (!parsed) throw new Error(`not a day: ${text}`);
  return parsed;
};

const ID_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const ID_B = 'BBBBBBBBBBBBBBBBBBBBBB';
const ID_C = 'CCCCCCCCCCCCCCCCCCCCCC';
const ID_D = 'DDDDDDDDDDDDDDDDDDDDDD';

const COMPLETE: KycDraft = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  sex: 'female',
  birthdate: '1990-12-10',
  country: 'GB',
  address: '12 St James’s Square, London',
  areaCode: '+44',
  phone: '(020) 7946-0018',
  documentType: 'id_card',
  frontFileId: ID_A,
  backFileId: ID_B,
  handheldFileId: ID_C,
  signatureFileId: ID_D,
};
const TODAY = day('2026-11-26');

describe('the age rule', () => {
  it('counts whole years, less one while the birthday is still ahead this year', () => {
    expect(ageOn(day('2008-11-26'), TODAY)).toBe(18);
    expect(ageOn(day('2008-11-27'), TODAY)).toBe(17);
    expect(ageOn(day('2008-12-01'), TODAY)).toBe(17);
    expect(ageOn(day('2008-01-31'), TODAY)).toBe(18);
  });

  it('lets someone born on 29 February turn 18 on 1 March of a common year, not on 28 February', () => {
    expect(ageOn(day('2008-02-29'), day('2026-02-28'))).toBe(17);
    expect(ageOn(day('2008-02-29'), day('2026-03-01'))).toBe(18);
    expect(ageOn(day('2012-02-29'), day('2030-02-28'))).toBe(17);
    // 2032 is a leap year: the birthday itself.
    expect(ageOn(day('2012-02-29'), day('2032-02-29'))).toBe(20);
  });

  it('accepts an 18th birthday today and refuses it tomorrow', () => {
    expect(birthdateProblem('2008-11-26', TODAY)).toBeNull();
    expect(birthdateProblem('2008-11-27', TODAY)).toBe('underage');
  });

  it('names each other problem of a birth date', () => {
    expect(birthdateProblem('', TODAY)).toBe('required');
    expect(birthdateProblem('26/11/1990', TODAY)).toBe('format');
    // 31 April and 29 February of a common year do not exist.
    expect(birthdateProblem('1990-04-31', TODAY)).toBe('format');
    expect(birthdateProblem('1990-02-29', TODAY)).toBe('format');
    expect(birthdateProblem('1899-12-31', TODAY)).toBe('tooEarly');
    expect(birthdateProblem('2026-11-27', TODAY)).toBe('future');
  });

  it('gives the date field the latest birth date of an adult, 28 February when the 29th does not exist', () => {
    expect(latestBirthdate(TODAY)).toBe('2008-11-26');
    // 29 February 2028 less 18 years is 2010, a common year: the latest adult was born on 28 February.
    expect(latestBirthdate(day('2028-02-29'))).toBe('2010-02-28');
    expect(birthdateProblem(latestBirthdate(day('2028-02-29')), day('2028-02-29'))).toBeNull();
    expect(birthdateProblem('2010-03-01', day('2028-02-29'))).toBe('underage');
  });
});

describe('the personal details', () => {
  it('has no problem when complete', () => {
    expect(personalProblems(COMPLETE, TODAY)).toEqual({});
  });

  it('asks for every field of an empty form', () => {
    expect(personalProblems(EMPTY_DRAFT, TODAY)).toEqual({
      firstName: { problem: 'required' },
      lastName: { problem: 'required' },
      address: { problem: 'required' },
      sex: { problem: 'choose' },
      birthdate: { problem: 'required' },
      country: { problem: 'choose' },
      areaCode: { problem: 'choose' },
      phone: { problem: 'required' },
    });
  });

  it('keeps to the contract’s lengths after trimming, and refuses control characters', () => {
    const problems = personalProblems(
      { ...COMPLETE, firstName: 'x'.repeat(101), lastName: '   ', address: ' 1 A ', country: 'gb' },
      TODAY,
    );
    expect(problems.firstName).toEqual({ problem: 'tooLong', max: 100 });
    expect(problems.lastName).toEqual({ problem: 'required' });
    expect(problems.address).toEqual({ problem: 'tooShort', min: 5 });
    expect(problems.country).toEqual({ problem: 'choose' });
    expect(personalProblems({ ...COMPLETE, lastName: 'Love\u0007lace' }, TODAY).lastName).toEqual({
      problem: 'control',
    });
  });

  it('takes a phone typed with spaces, dashes and brackets as its digits, 4 to 15 of them', () => {
    expect(normalisePhone('(020) 7946-0018')).toBe('02079460018');
    expect(personalProblems({ ...COMPLETE, phone: '123' }, TODAY).phone).toEqual({ problem: 'phone', min: 4, max: 15 });
    expect(personalProblems({ ...COMPLETE, phone: '1'.repeat(16) }, TODAY).phone?.problem).toBe('phone');
    expect(personalProblems({ ...COMPLETE, phone: '+44 20 7946' }, TODAY).phone?.problem).toBe('phone');
    expect(personalProblems({ ...COMPLETE, phone: '1'.repeat(15) }, TODAY).phone).toBeUndefined();
  });

  it('offers only the 55 area codes', () => {
    expect(personalProblems({ ...COMPLETE, areaCode: '+999' }, TODAY).areaCode).toEqual({ problem: 'choose' });
  });
});

describe('the document', () => {
  it('needs the front, the back and the hand-held photo of an identity card or a driving licence', () => {
    const empty = { ...COMPLETE, frontFileId: null, backFileId: null, handheldFileId: null };
    expect(documentProblems({ ...empty, documentType: 'driver_licence' })).toEqual({
      frontFileId: { problem: 'photo' },
      backFileId: { problem: 'photo' },
      handheldFileId: { problem: 'photo' },
    });
  });

  it('needs no back for a passport, and does not send one', () => {
    const passport: KycDraft = { ...COMPLETE, documentType: 'passport', backFileId: null };
    expect(documentProblems(passport)).toEqual({});
    expect(submitRequest(passport)).not.toHaveProperty('backFileId');
    expect(submitRequest({ ...passport, backFileId: ID_B })).not.toHaveProperty('backFileId');
  });

  it('asks for a type first', () => {
    expect(documentProblems({ ...COMPLETE, documentType: '' }).documentType).toEqual({ problem: 'choose' });
  });

  it('refuses the same upload for two photos', () => {
    expect(documentProblems({ ...COMPLETE, handheldFileId: ID_A }).handheldFileId).toEqual({ problem: 'samePhoto' });
  });
});

describe('the whole form', () => {
  it('sends trimmed texts and the phone’s digits', () => {
    expect(submitRequest(COMPLETE)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: '12 St James’s Square, London',
      areaCode: '+44',
      phone: '02079460018',
      documentType: 'id_card',
      frontFileId: ID_A,
      backFileId: ID_B,
      handheldFileId: ID_C,
      signatureFileId: ID_D,
    });
  });

  it('points at the first step with a problem, none when it can be sent', () => {
    expect(firstStepWithProblems(COMPLETE, TODAY)).toBeNull();
    expect(firstStepWithProblems({ ...COMPLETE, signatureFileId: null }, TODAY)).toBe('signature');
    expect(firstStepWithProblems({ ...COMPLETE, frontFileId: null, signatureFileId: null }, TODAY)).toBe('document');
    expect(firstStepWithProblems({ ...COMPLETE, birthdate: '2010-01-01' }, TODAY)).toBe('personal');
  });

  it('reads the fields a schema refusal names, in the form’s order', () => {
    const data = {
      issues: [
        { path: 'body.phone', message: 'digits' },
        { path: 'body.firstName', message: 'short' },
        { path: 'query.page', message: 'x' },
        { path: 'body.unknownField', message: 'x' },
      ],
    };
    expect(fieldsNamedByRefusal(data)).toEqual(['firstName', 'phone']);
    expect(fieldsNamedByRefusal(null)).toEqual([]);
    expect(fieldsNamedByRefusal({ issues: 'nope' })).toEqual([]);
  });
});

const RECORD: TKycRecord = {
  status: 0,
  submission: null,
  submittedAt: null,
  decidedAt: null,
  rejection: null,
  purgeAfter: null,
  purgedAt: null,
};

describe('the status as shown', () => {
  it('offers the form to a user never verified', () => {
    expect(kycView(RECORD)).toEqual({ kind: 'notVerified', canSubmit: true });
  });

  it('shows a pending review with the time it should be decided by, 48 hours after the submission', () => {
    expect(kycView({ ...RECORD, status: 2, submittedAt: '2026-11-26T10:00:00.000Z' })).toEqual({
      kind: 'pending',
      canSubmit: false,
      submittedAt: '2026-11-26T10:00:00.000Z',
      reviewBy: '2026-11-28T10:00:00.000Z',
    });
    expect(reviewDeadline('not a time')).toBeNull();
  });

  it('shows verified, with no form', () => {
    expect(kycView({ ...RECORD, status: 1, decidedAt: '2026-11-27T09:00:00.000Z' })).toEqual({
      kind: 'verified',
      canSubmit: false,
      decidedAt: '2026-11-27T09:00:00.000Z',
    });
  });

  it('shows not passed with the reviewer’s reason and the form again', () => {
    const view = kycView({
      ...RECORD,
      status: 3,
      decidedAt: '2026-11-27T09:00:00.000Z',
      rejection: { reason: 'document_expired', reasonText: 'The document has expired.' },
      purgeAfter: '2026-12-27T09:00:00.000Z',
    });
    expect(view).toEqual({
      kind: 'notPassed',
      canSubmit: true,
      reasonText: 'The document has expired.',
      decidedAt: '2026-11-27T09:00:00.000Z',
      purgeAfter: '2026-12-27T09:00:00.000Z',
      purgedAt: null,
    });
  });

  it('does not announce a deletion that has already happened', () => {
    const view = kycView({
      ...RECORD,
      status: 3,
      purgeAfter: '2026-12-27T09:00:00.000Z',
      purgedAt: '2026-12-27T10:00:00.000Z',
    });
    expect(view).toMatchObject({ kind: 'notPassed', purgeAfter: null, purgedAt: '2026-12-27T10:00:00.000Z' });
  });

  it('starts a new submission from the personal details of a refused one, without its photos', () => {
    const submission = {
      id: '7',
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female' as const,
      birthdate: '1990-12-10',
      country: 'GB',
      address: '12 St James’s Square, London',
      areaCode: '+44',
      phone: '02079460018',
      documentType: 'passport' as const,
      frontFileId: ID_A,
      backFileId: null,
      handheldFileId: ID_C,
      signatureFileId: ID_D,
    };
    const draft = draftFromRecord({ ...RECORD, status: 3, submission });
    expect(draft).toMatchObject({ firstName: 'Ada', country: 'GB', phone: '02079460018', documentType: 'passport' });
    expect([draft.frontFileId, draft.backFileId, draft.handheldFileId, draft.signatureFileId]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // A pending or verified submission is never a starting point.
    expect(draftFromRecord({ ...RECORD, status: 2, submission })).toEqual(EMPTY_DRAFT);
  });
});

describe('the signature', () => {
  it('measures the lines drawn', () => {
    // A 3-4-5 triangle's two legs and a separate dot: 3 + 4 + 0.
    expect(
      inkLength([
        [
          { x: 0, y: 0 },
          { x: 3, y: 0 },
          { x: 3, y: 4 },
        ],
        [{ x: 50, y: 50 }],
      ]),
    ).toBe(7);
  });

  it('counts a stroke of 60 px or more as a signature, not a tap or a dot', () => {
    expect(isSignatureDrawn([])).toBe(false);
    expect(isSignatureDrawn([[{ x: 10, y: 10 }]])).toBe(false);
    expect(
      isSignatureDrawn([
        [
          { x: 0, y: 0 },
          { x: 59, y: 0 },
        ],
      ]),
    ).toBe(false);
    expect(
      isSignatureDrawn([
        [
          { x: 0, y: 0 },
          { x: 30, y: 0 },
        ],
        [
          { x: 0, y: 10 },
          { x: 30, y: 10 },
        ],
      ]),
    ).toBe(true);
  });
});
