import { LogInByMethodHandler } from '../accounts/login-by-method';
import { RegisterByMethodHandler } from '../accounts/register-by-method';
import { ContactReservations } from '../phone/contact-reservations';
import { ContactStore } from '../phone/contact.store';
import { BindPhoneHandler, ChangePhoneHandler, VerifyOldPhoneHandler } from '../phone/phone.commands';
import { PhoneController } from '../phone/phone.controller';
import { RecoveryCredentials } from '../recovery/recovery-credentials';
import { RecoveryController } from '../recovery/recovery.controller';
import { ResetPasswordHandler, StartRecoveryHandler, VerifyRecoveryHandler } from '../recovery/recovery.commands';
import { CodesController } from './codes.controller';
import { deliveryProviders } from './delivery.providers';
import { MemberEmailPeer } from './member-email.peer';
import { RequestCodeHandler } from './request-code';
import { VerificationCodes } from './verification-codes';

/** Verification codes and what they unlock (phone/email registration and login, recovery, phone binding). */
export const codesParts = {
  controllers: [CodesController, PhoneController, RecoveryController],
  providers: [
    ...deliveryProviders,
    VerificationCodes,
    ContactStore,
    ContactReservations,
    RecoveryCredentials,
    RequestCodeHandler,
    RegisterByMethodHandler,
    LogInByMethodHandler,
    BindPhoneHandler,
    VerifyOldPhoneHandler,
    ChangePhoneHandler,
    StartRecoveryHandler,
    VerifyRecoveryHandler,
    ResetPasswordHandler,
    MemberEmailPeer,
  ],
};
