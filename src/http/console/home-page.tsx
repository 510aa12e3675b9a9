import { listEvents } from "../../services/events";
import { serviceContext } from "../context";
import type { ConsoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import { type Action, FormHidden, type PageState, type Render, sendHtml } from "./page";

/** A form value, or undefined when left blank (optional fields are then not sent). */
export const opt = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

type EventRow = Awaited<ReturnType<typeof listEvents>>["data"][number];

function HomePage({ cx, events, state }: { cx: ConsoleContext; events: EventRow[]; state: PageState }) {
  const { m, p } = cx;
  const v = state.values ?? {};
  return (
    <ConsoleLayout cx={cx} title={m.events} refusal={state.refusal} done={state.done}>
      {events.length === 0 ? (
        <p>{m.noEvents}</p>
      ) : (
        <table class="stack">
          <caption class="muted">{m.eventsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.eventName}</th>
              <th scope="col">{m.firstDay}</th>
              <th scope="col">{m.phase}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr>
                <th scope="row" class="rh">
                  <a href={p.link(`/console/e/${event.id}`)}>{event.name}</a>
                </th>
                <td data-label={m.firstDay}>{event.startsOn ? p.date(event.startsOn) : "—"}</td>
                <td data-label={m.phase}>{m.phases[event.phase] ?? event.phase}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cx.can("events:write") ? (
        <section aria-labelledby="new-event">
          <h2 id="new-event">{m.newEvent}</h2>
          <form method="post" class="card">
            <FormHidden action="new-event" />
            <div class="row">
              <div>
                <label for="event-name">{m.eventName}</label>
                <input id="event-name" name="name" required maxlength={200} value={v.name ?? ""} />
              </div>
              <div>
                <label for="event-starts">{m.firstDay}</label>
                <input id="event-starts" name="startsOn" type="date" value={v.startsOn ?? ""} />
              </div>
              <div>
                <label for="event-zone">{m.timeZone}</label>
                <input
                  id="event-zone"
                  name="timezone"
                  placeholder="Europe/Vilnius"
                  maxlength={64}
                  value={v.timezone ?? ""}
                />
              </div>
            </div>
            <fieldset>
              <legend>{m.visibility}</legend>
              <label class="choice">
                <input type="radio" name="visibility" value="public" checked={v.visibility !== "private"} />
                {m.visibilities.public}
              </label>
              <label class="choice">
                <input type="radio" name="visibility" value="private" checked={v.visibility === "private"} />
                {m.visibilities.private}
              </label>
            </fieldset>
            <button type="submit">{m.create}</button>
          </form>
        </section>
      ) : null}
    </ConsoleLayout>
  );
}

export const renderHome: Render = async (c, cx, state) => {
  const device = cx.device!;
  // A device limited to one session or event opens there: it has nothing else to see.
  if (device.limit?.sessionId) return c.redirect(cx.p.link(`/console/s/${device.limit.sessionId}`), 303);
  if (device.limit) return c.redirect(cx.p.link(`/console/e/${device.limit.eventId}`), 303);
  const events = await listEvents(serviceContext(c), device.orgId, {
    limit: 200,
    includeDescendants: true,
    includeHosted: true,
  });
  return sendHtml(c, <HomePage cx={cx} events={events.data} state={state} />, state.status);
};

export const homeActions: Record<string, Action> = {
  "new-event": async ({ cx, form, api }) => {
    const answer = await api({
      method: "POST",
      path: `/v1/orgs/${cx.device!.orgId}/events`,
      body: {
        name: form.name ?? "",
        visibility: form.visibility === "private" ? "private" : "public",
        ...(opt(form.startsOn) ? { startsOn: opt(form.startsOn) } : {}),
        ...(opt(form.timezone) ? { timezone: opt(form.timezone) } : {}),
      },
      idempotent: true,
    });
    return {
      answer,
      labels: { name: cx.m.eventName, startsOn: cx.m.firstDay, timezone: cx.m.timeZone },
      ...(answer.ok ? { redirect: `/console/e/${answer.body.id}` } : {}),
    };
  },
};
