import { raw } from "hono/html";
import { toString as qrSvg } from "qrcode";
import { ORG_ROLES, ROLES } from "../../services/access";
import { type DeviceSessionDto, listDeviceSessions } from "../../services/auth";
import { getEvent, listEvents, listSessions, type SessionDto } from "../../services/events";
import { serviceContext } from "../context";
import { isLoopbackOrigin } from "../origin";
import type { ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import { type Action, FormHidden, ItemAction, type PageState, type Render, sendHtml } from "./page";

interface PairingAnswer {
  code: string;
  url: string;
  expiresAt: string;
  name: string;
  role: string;
}

interface DevicesView {
  devices: DeviceSessionDto[];
  /** What a new device may be limited to: sessions (with their event's name), events. */
  sessions: (SessionDto & { eventName: string })[];
  events: { id: string; name: string }[];
  qr: string | null;
  now: string;
}

function PairingShown({
  cx,
  pairing,
  qr,
}: {
  cx: ConsoleContext;
  pairing: PairingAnswer;
  qr: string | null;
}) {
  const { m, p } = cx;
  return (
    <section class="card" aria-labelledby="paired">
      <h2 id="paired">{m.pairingReady(pairing.name)}</h2>
      <p>{m.pairingScan}</p>
      {isLoopbackOrigin(new URL(pairing.url).origin) ? (
        <p class="warning">{m.loopbackPairing(new URL(pairing.url).origin)}</p>
      ) : null}
      {qr ? (
        <div class="qr" role="img" aria-label={m.qrLabel}>
          {raw(qr)}
        </div>
      ) : null}
      <p>
        {m.pairingCode}
        {m.colon} <span class="code">{pairing.code}</span>
      </p>
      <p>
        <a href={pairing.url}>{pairing.url}</a>
      </p>
      <p>{m.pairingExpires(p.dateTime(pairing.expiresAt, null))}</p>
    </section>
  );
}

function PairForm({ cx, view, state }: { cx: ConsoleContext; view: DevicesView; state: PageState }) {
  const { m } = cx;
  const own = ROLES.indexOf(cx.device!.role);
  const roles = ORG_ROLES.filter((r) => ROLES.indexOf(r) >= own);
  const v = state.values ?? {};
  const limit = cx.device!.limit;
  return (
    <section aria-labelledby="pair">
      <h2 id="pair">{m.pairDevice}</h2>
      <form method="post" class="card">
        <FormHidden action="pair" />
        <div class="row">
          <div>
            <label for="pair-name">{m.deviceName}</label>
            <input
              id="pair-name"
              name="name"
              required
              maxlength={200}
              value={v.name ?? ""}
              placeholder={m.deviceNameExample}
            />
          </div>
          <div>
            <label for="pair-role">{m.role}</label>
            <select id="pair-role" name="role">
              {roles.map((role) => (
                <option value={role} selected={(v.role ?? "reporter") === role}>
                  {m.roleHelp[role]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="pair-scope">{m.limitTo}</label>
            <select id="pair-scope" name="scope">
              {limit ? null : <option value="">{m.wholeOrganisation}</option>}
              {view.events.map((event) => (
                <option value={`event:${event.id}`} selected={v.scope === `event:${event.id}`}>
                  {m.eventOption(event.name)}
                </option>
              ))}
              {view.sessions.map((session) => (
                <option value={`session:${session.id}`} selected={v.scope === `session:${session.id}`}>
                  {m.sessionOption(session.eventName, session.name)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="pair-minutes">{m.codeValidFor}</label>
            <select id="pair-minutes" name="expiresInMinutes">
              {[5, 10, 30, 60].map((n) => (
                <option value={String(n)} selected={String(n) === (v.expiresInMinutes ?? "10")}>
                  {m.minutes(n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit">{m.makeCode}</button>
      </form>
    </section>
  );
}

function DevicesTable({ cx, view }: { cx: ConsoleContext; view: DevicesView }) {
  const { m, p } = cx;
  const sessionName = new Map(view.sessions.map((s) => [s.id, s.name]));
  const eventName = new Map(view.events.map((e) => [e.id, e.name]));
  const own = ROLES.indexOf(cx.device!.role);
  return (
    <section aria-labelledby="devices">
      <h2 id="devices">{m.pairedDevices}</h2>
      {view.devices.length === 0 ? (
        <p>{m.noDevices}</p>
      ) : (
        <table class="stack">
          <caption class="muted">{m.devicesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.deviceName}</th>
              <th scope="col">{m.role}</th>
              <th scope="col">{m.limitTo}</th>
              <th scope="col">{m.status}</th>
              <th scope="col">{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {view.devices.map((d) => {
              const state = d.revokedAt ? "revoked" : d.expiresAt <= view.now ? "expired" : "active";
              const scope = d.scope?.sessionId
                ? (sessionName.get(d.scope.sessionId) ?? d.scope.sessionId)
                : d.scope
                  ? (eventName.get(d.scope.eventId) ?? d.scope.eventId)
                  : m.wholeOrganisation;
              return (
                <tr data-device={d.id}>
                  <th scope="row" class="rh">
                    {d.name}
                    {d.id === cx.device!.sessionId ? <span class="muted"> · {m.thisDevice}</span> : null}
                  </th>
                  <td data-label={m.role}>{m.roles[d.role] ?? d.role}</td>
                  <td data-label={m.limitTo}>{scope}</td>
                  <td data-label={m.status}>
                    {m.deviceStates[state]}
                    {state === "active" ? ` · ${m.until(p.dateTime(d.expiresAt, null))}` : ""}
                  </td>
                  <td>
                    {state === "active" && ROLES.indexOf(d.role) >= own ? (
                      <ItemAction
                        action="revoke"
                        field="deviceSessionId"
                        id={d.id}
                        label={m.revoke}
                        itemName={d.name}
                        tone="danger"
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const renderDevices: Render = async (c, cx, state) => {
  const ctx = serviceContext(c);
  const device = cx.device!;
  const limit = device.limit;
  const [devices, eventList] = await Promise.all([
    listDeviceSessions(ctx, device.orgId, { limit: 500 }),
    limit
      ? Promise.resolve({ data: [] })
      : listEvents(ctx, device.orgId, { limit: 200, includeDescendants: false, includeHosted: true }),
  ]);
  // What a new device may be limited to: within this device's own limit; of an event it only
  // hosts sessions of, those sessions.
  const open = eventList.data.filter((e) => e.phase !== "completed");
  const owned = new Set(open.filter((e) => e.orgId === device.orgId).map((e) => e.id));
  const eventIds = limit ? [limit.eventId] : open.map((e) => e.id);
  const names = new Map(eventList.data.map((e) => [e.id, e.name]));
  if (limit) names.set(limit.eventId, (await getEvent(ctx, limit.eventId)).name);
  const sessions = (
    await Promise.all(
      eventIds.map(async (id) =>
        (await listSessions(ctx, id)).data.map((s) => ({ ...s, eventName: names.get(id) ?? "" })),
      ),
    )
  )
    .flat()
    .filter((s) =>
      limit
        ? !limit.sessionId || s.id === limit.sessionId
        : owned.has(s.eventId) || s.hostOrgId === device.orgId,
    );
  const events = limit?.sessionId
    ? []
    : limit
      ? [{ id: limit.eventId, name: names.get(limit.eventId) ?? limit.eventId }]
      : open.filter((e) => owned.has(e.id)).map((e) => ({ id: e.id, name: e.name }));
  const pairing = state.answer as PairingAnswer | undefined;
  const qr = pairing ? await qrSvg(pairing.url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null;
  const view: DevicesView = { devices: devices.data, sessions, events, qr, now: ctx.clock().toISOString() };
  const { m } = cx;
  return sendHtml(
    c,
    <ConsoleLayout cx={cx} title={m.devices} refusal={state.refusal} done={pairing ? undefined : state.done}>
      <p>{m.devicesIntro}</p>
      {pairing ? <PairingShown cx={cx} pairing={pairing} qr={qr} /> : null}
      <PairForm cx={cx} view={view} state={state} />
      <DevicesTable cx={cx} view={view} />
    </ConsoleLayout>,
    state.status,
  );
};

export const devicesActions: Record<string, Action> = {
  pair: async ({ cx, form, api }) => {
    const [kind, id] = (form.scope ?? "").split(":");
    const scope =
      kind === "session" && id ? { sessionId: id } : kind === "event" && id ? { eventId: id } : null;
    const answer = await api({
      method: "POST",
      path: `/v1/orgs/${cx.device!.orgId}/pairings`,
      body: {
        name: form.name ?? "",
        role: form.role ?? "",
        ...(scope ? { scope } : {}),
        expiresInMinutes: Number(form.expiresInMinutes ?? 10),
      },
    });
    return {
      answer,
      show: true,
      labels: {
        name: cx.m.deviceName,
        role: cx.m.role,
        scope: cx.m.limitTo,
        expiresInMinutes: cx.m.codeValidFor,
      },
    };
  },
  revoke: async ({ cx, form, api }) => ({
    answer: await api({
      method: "DELETE",
      path: `/v1/orgs/${cx.device!.orgId}/device-sessions/${encodeURIComponent(form.deviceSessionId ?? "")}`,
    }),
    anchor: "devices",
  }),
};
