"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { LaunchWarning } from "@/lib/launch/launch-warnings";
import { LaunchWarningList } from "./launch-warning-list";

export interface ReviewFooterProps {
  warnings: readonly LaunchWarning[];
  pending: boolean;
  /** The review found something the API would refuse: run stays disabled. */
  blocked?: boolean;
  runLabel: string;
  /** The run button's label while it runs. */
  pendingLabel: string;
  onRun: () => void;
  onEdit: () => void;
}

/** A review's warnings, then Edit and the run button, which the warnings describe. */
export function ReviewFooter({
  warnings,
  pending,
  blocked = false,
  runLabel,
  pendingLabel,
  onRun,
  onEdit,
}: ReviewFooterProps) {
  const warningsId = useId();
  return (
    <>
      <LaunchWarningList id={warningsId} warnings={warnings} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onEdit} disabled={pending}>
          Edit
        </Button>
        <Button
          variant="primary"
          onClick={onRun}
          disabled={pending || blocked}
          aria-describedby={warnings.length > 0 ? warningsId : undefined}
        >
          {pending ? pendingLabel : runLabel}
        </Button>
      </div>
    </>
  );
}
