import { CONSENT_STORAGE_KEY, consentSignals, defaultConsent } from '#shared/visitor/consent.ts';
import { serializeJsonForScript } from '#shared/seo/tags.ts';
import { useRequestInfo } from './request-context.tsx';

/**
 * Consent Mode defaults, set before anything else can read them: the visitor's remembered choice
 * (localStorage, else the consent cookie, read by the script itself so the page is the same for every
 * visitor and a shared cache can keep it), else denied for UK/EU and granted for US. A remembered
 * choice is also put on <html data-consent> before the body parses, so the banner is hidden by CSS
 * from the first paint. Then Google Tag Manager, only when GTM_ID is set.
 * Both inline scripts carry the request's CSP nonce (or, on a page a shared cache keeps, are allowed by hash). When the page gives an `address`, the address bar
 * is set to it first (history.replaceState), so neither the tag manager nor a shared screenshot sees
 * a session id or an order token.
 */
export function AnalyticsHead({ address }: { address?: string }) {
  const { region, nonce, settings } = useRequestInfo();
  const defaults = serializeJsonForScript({
    key: CONSENT_STORAGE_KEY,
    fallback: consentSignals(defaultConsent(region.region)),
    granted: consentSignals('granted'),
    denied: consentSignals('denied'),
  });
  const replaceAddress = address ? `history.replaceState(history.state,'',${serializeJsonForScript(address)});` : '';
  const consentScript =
    replaceAddress +
    `(function(c){window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};` +
    `var s=null;try{s=localStorage.getItem(c.key)}catch(e){}` +
    `if(s!=='granted'&&s!=='denied'){var m=document.cookie.match(new RegExp('(?:^|; )'+c.key+'=(granted|denied)(?:;|$)'));s=m&&m[1]}` +
    `if(s==='granted'||s==='denied')document.documentElement.setAttribute('data-consent',s);` +
    `gtag('consent','default',Object.assign({wait_for_update:500},s==='granted'?c.granted:s==='denied'?c.denied:c.fallback))})(${defaults});`;
  const gtmScript = settings.GTM_ID
    ? `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});` +
      `var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;` +
      `j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');` +
      `n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})` +
      `(window,document,'script','dataLayer',${serializeJsonForScript(settings.GTM_ID)});`
    : null;
  return (
    <>
      <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: consentScript }} />
      {gtmScript && <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: gtmScript }} />}
    </>
  );
}
