"use client";

import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorCallout } from "@/components/ui/error-callout";
import type { ReadResponse } from "@/lib/api/contract";
import { asksOf, responsesOf, type InputValues } from "@/lib/api/input-required";
import { InputField } from "./input-field";
import { useAnswerRead } from "./use-answer-read";

/** A field's starting value: the schema's default, as the form holds it. */
function initialValues(asks: ReturnType<typeof asksOf>): InputValues {
  return Object.fromEntries(
    asks.map((a) => [
      a.key,
      Object.fromEntries(
        a.fields.map((f) => [f.name, typeof f.default === "number" ? String(f.default) : f.default]),
      ),
    ]),
  );
}

/**
 * A 2026-07-28 read answered `input_required`: the server's input requests as a form. Sending it
 * reads again with `inputResponses` (same keys) and the echoed `requestState`; the server's answer
 * — content, or another round — replaces the read (use-answer-read.ts).
 */
export function InputRequiredForm({
  sessionId,
  uri,
  read,
}: {
  sessionId: string;
  uri: string;
  read: ReadResponse;
}) {
  const asks = useMemo(() => asksOf(read.inputRequests), [read.inputRequests]);
  const [values, setValues] = useState<InputValues>(() => initialValues(asks));
  const [errors, setErrors] = useState<string[]>([]);
  const answer = useAnswerRead(sessionId, uri);
  const answerable = asks.some((a) => !a.unsupported) || read.requestState !== undefined;

  const send = (action: "accept" | "decline") => {
    const { inputResponses, errors: wrong } = responsesOf(asks, values, action);
    setErrors(wrong);
    if (wrong.length) return;
    answer.mutate({
      inputResponses,
      ...(read.requestState !== undefined ? { requestState: read.requestState } : {}),
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send("accept");
  };
  // A change answers the last complaint: it is said again only on the next send.
  const set = (key: string, name: string, value: string | boolean) => {
    setErrors([]);
    setValues((v) => ({ ...v, [key]: { ...v[key], [name]: value } }));
  };

  return (
    <form
      aria-label="Input the server asks for"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50/40 p-3"
    >
      {asks.map((ask) => (
        <fieldset key={ask.key} className="flex flex-col gap-2">
          <legend className="text-xs text-zinc-700">
            <span className="font-mono text-[11px] text-zinc-500">
              {ask.key} · {ask.method || "no method"}
            </span>
            {ask.message && <span className="block text-sm text-zinc-900">{ask.message}</span>}
          </legend>
          {ask.url && (
            <p className="text-xs">
              The server asks you to open <code className="font-mono break-all">{ask.url}</code> (not opened
              by the inspector), then send.
            </p>
          )}
          {ask.fields.map((f) => (
            <InputField
              key={f.name}
              field={f}
              value={values[ask.key]?.[f.name]}
              onChange={(v) => set(ask.key, f.name, v)}
            />
          ))}
          {ask.skipped.length > 0 && (
            <p role="note" className="text-[11px] text-amber-800">
              Not fillable here (a type this form does not take): {ask.skipped.join(", ")}.
            </p>
          )}
          {ask.unsupported && (
            <p role="note" className="text-[11px] text-amber-800">
              {ask.unsupported}
            </p>
          )}
          {ask.automatic && (
            <p className="text-[11px] text-zinc-500">Answered for you: the inspector exposes no roots.</p>
          )}
        </fieldset>
      ))}
      {errors.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-xs text-rose-800">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {answer.isError && <ErrorCallout title="The answered read failed" message={answer.error.message} />}
      <div className="flex gap-2">
        <Button variant="primary" type="submit" disabled={!answerable || answer.isPending}>
          {answer.isPending ? "Sending…" : "Send and read"}
        </Button>
        <Button
          variant="secondary"
          disabled={!answerable || answer.isPending}
          onClick={() => send("decline")}
        >
          Decline
        </Button>
      </div>
    </form>
  );
}
