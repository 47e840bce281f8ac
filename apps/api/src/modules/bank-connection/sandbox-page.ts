import type { SandboxPage } from './sandbox-connection.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Self-contained: no scripts, no outside assets; inline styles only (the CSP allows them).
const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#1b1f24;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin-top:0}.note{background:#fff7d6;border-left:4px solid #e0b000;padding:.5rem .75rem;font-size:.9rem}
fieldset{border:0;padding:0;margin:1.5rem 0}legend{font-weight:600;margin-bottom:.5rem}
label{display:flex;gap:.6rem;align-items:center;padding:.6rem .75rem;border:1px solid #c9d1db;border-radius:6px;margin-bottom:.5rem;cursor:pointer}
label:focus-within{outline:3px solid #ffbf47}.error{color:#b00020;font-weight:600}
button{font-size:1rem;background:#00703c;color:#fff;border:0;border-radius:6px;padding:.7rem 1.4rem;cursor:pointer}
button:focus{outline:3px solid #ffbf47}a{color:#1d4ed8}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="cs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – napojení banky (sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The sandbox provider's page in Czech: a plain HTML form, so it works without JavaScript. */
export function renderSandboxPage(page: SandboxPage): string {
  switch (page.state) {
    case 'choose': {
      const options = page.banks
        .map((b) => `<label><input type="radio" name="bank" value="${escapeHtml(b.code)}" required> ${escapeHtml(b.name)}</label>`)
        .join('\n');
      return layout(
        'Napojení bankovního účtu',
        `<h1>Napojení bankovního účtu</h1>
<p class="note">Ukázkové prostředí: žádná skutečná banka se nekontaktuje a stažené pohyby jsou smyšlené.</p>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="connect">
<fieldset>
<legend>Vyberte svou banku</legend>
<p>Po potvrzení poskytneme věřiteli pohyby na účtu za poslední 4 měsíce.</p>
${options}
</fieldset>
<button type="submit">Napojit účet</button>
</form>
<p><a href="${escapeHtml(page.backUrl)}">Zpět do žádosti bez napojení</a></p>`,
      );
    }
    case 'connected':
      return layout(
        'Účet je napojen',
        `<h1>Účet je napojen</h1>
<p>Účet${page.bankName ? ` v bance ${escapeHtml(page.bankName)}` : ''} už je k žádosti napojen.</p>
<p><a href="${escapeHtml(page.backUrl)}">Pokračovat do žádosti</a></p>`,
      );
    case 'expired':
      return layout(
        'Odkaz vypršel',
        `<h1>Platnost odkazu vypršela</h1>
<p>Napojení účtu prosím začněte znovu v žádosti.</p>
<p><a href="${escapeHtml(page.backUrl)}">Zpět do žádosti</a></p>`,
      );
    case 'closed':
      return layout('Žádost je uzavřena', `<h1>Žádost je uzavřena</h1>\n<p>${escapeHtml(page.message)}</p>`);
    case 'not_found':
      return layout('Napojení nenalezeno', `<h1>Napojení nenalezeno</h1>\n<p>Tento odkaz na napojení účtu neexistuje. Začněte prosím napojení znovu v žádosti.</p>`);
  }
}
