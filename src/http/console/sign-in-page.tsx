import type { ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import type { Refusal } from "./refusal";

/** Signing a device in: the pairing code (from a QR code's link, or typed). */
export function SignInPage({
  cx,
  code,
  refusal,
}: {
  cx: ConsoleContext;
  code?: string | undefined;
  refusal?: Refusal | undefined;
}) {
  const { m, p, ended } = cx;
  return (
    <ConsoleLayout cx={cx} title={m.signInTitle} refusal={refusal}>
      {ended ? (
        <p class="warning" role="status">
          {m.signedOut[ended]}
        </p>
      ) : null}
      {code ? <p>{m.pairConfirm}</p> : <p>{m.signInIntro}</p>}
      <form method="post" action={p.link("/console/pair")} class="card">
        <label for="code">{m.pairingCode}</label>
        <input
          id="code"
          name="code"
          required
          autocomplete="off"
          spellcheck={false}
          inputmode="text"
          value={code ?? ""}
          aria-describedby="code-help"
        />
        <p id="code-help" class="muted">
          {m.pairingCodeHelp}
        </p>
        <button type="submit">{m.signIn}</button>
      </form>
      <h2>{m.firstDeviceTitle}</h2>
      <p>{m.firstDevice}</p>
      <pre>
        <code>npm run -s cli -- console-link --org org_…</code>
      </pre>
    </ConsoleLayout>
  );
}
