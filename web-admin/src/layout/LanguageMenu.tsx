import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';

/** The app bar's language control, named "Language" / "语言" like the member site's. */
export function LanguageMenu() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = locales.find((candidate) => candidate.locale === locale);
  return (
    <>
      <Button
        color="inherit"
        aria-label={translate('app.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<TranslateIcon />}
        sx={{ textTransform: 'none' }}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <span lang={current?.locale}>{current?.name}</span>
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((candidate) => (
          <MenuItem
            key={candidate.locale}
            lang={candidate.locale}
            selected={candidate.locale === locale}
            onClick={() => {
              setLocale(candidate.locale);
              setAnchor(null);
            }}
          >
            {candidate.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
