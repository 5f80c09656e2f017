/**
 * Names whose values are credentials: such values are written as `${VAR}` references, never as
 * values, in check files and saved servers. One rule for the backend and the page that says so.
 */
export const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|AUTH|CREDENTIAL|COOKIE|SESSION|PRIVATE)/i;

/** Header names whose values are credentials: Authorization, cookies, and anything secret-named. */
export const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie)$|KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL|SESSION/i;
