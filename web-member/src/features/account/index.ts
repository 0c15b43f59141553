/** Accounts (the feature's public entry): what other features use, here the captcha a report asks for. */
export { useCaptcha } from './api/get-captcha';
export { CaptchaField } from './components/captcha-field';
