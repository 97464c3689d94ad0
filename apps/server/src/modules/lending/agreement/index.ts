export {
  agreementText,
  CANONICAL_TERMS_FORMAT,
  canonicalTerms,
  type LoanAgreementInput,
  type LoanAgreementTerms,
  renderLoanAgreementPdf,
  termsHash,
} from './loan-agreement.js';
