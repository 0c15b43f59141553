import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useNavigate } from '@/lib/router';
import { formProblemsOf } from '@/lib/form-problems';
import { useOauthCallback } from '../api/oauth';
import { jumpTarget, sitePathTarget } from '../utils/jump-url';
import { takeOauthJumpUrl } from '../utils/oauth-jump';

export interface OauthReturnProps {
  code: string | null;
  state: string | null;
  /** The provider's own refusal (`error` of OAuth 2). */
  providerError: string | null;
  /** Its human-readable `error_description`, when given. */
  providerErrorText: string | null;
}

/**
 * `/thirdParty/loginRedirect`: hands the provider's `code` (or its refusal) and `state` to the server once — a code is
 * single-use, so never twice, even when React runs effects twice — then goes to the path the server kept with the
 * state, else the screen remembered in this tab, else home.
 */
export function OauthReturn({ code, state, providerError, providerErrorText }: OauthReturnProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const callback = useOauthCallback();
  const started = useRef(false);
  const refusal = providerError ? t('oauth.providerRefused', { reason: providerErrorText || providerError }) : null;
  const [problem, setProblem] = useState<string | null>(() =>
    !state || (!code && !providerError) ? (refusal ?? t('oauth.missingCode')) : null,
  );

  useEffect(() => {
    if (started.current || problem || !state) return;
    started.current = true;
    const remembered = takeOauthJumpUrl();
    callback.mutate(code ? { state, code } : { state, error: providerError ?? undefined }, {
      onSuccess: (answer) =>
        void navigate(sitePathTarget(answer.jumpUrl, '') || jumpTarget(remembered), { replace: true }),
      onError: (error) => {
        const problems = formProblemsOf(error, [], t);
        setProblem(refusal ?? (problems.closed || problems.form || t('common.submitError')));
      },
    });
  }, [callback, code, state, problem, providerError, refusal, navigate, t]);

  if (problem) {
    return (
      <div className="inline-error" role="alert">
        <p>{problem}</p>
        <p>
          <Link to="/login">{t('oauth.backToLogin')}</Link>
        </p>
      </div>
    );
  }
  return (
    <p className="muted" role="status" aria-busy="true">
      {t('oauth.signingIn')}
    </p>
  );
}
