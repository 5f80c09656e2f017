import { FieldRow as Row } from "@/components/ui/field-row";
import { JsonBlock } from "@/components/ui/json-block";
import { formatBytes } from "@/lib/content/content-kind";
import type { Resource } from "@/lib/api/contract";
import { IconList } from "./icon-list";

export interface ResourceMetadataProps {
  /** The resource as resources/list described it; undefined when it is not in the list. */
  resource: Resource | undefined;
  /** `_meta` of the read result itself. */
  readMeta: Record<string, unknown> | undefined;
}

const none = <span className="text-zinc-400">—</span>;

/** What the server said about a resource, field by field, as text. */
export function ResourceMetadata({ resource, readMeta }: ResourceMetadataProps) {
  const annotations = resource?.annotations;
  return (
    <div className="flex flex-col gap-2">
      {resource ? (
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-xs">
          <Row term="name">{resource.name}</Row>
          <Row term="title">{resource.title ?? none}</Row>
          <Row term="description">
            {resource.description ? (
              <span className="whitespace-pre-line">{resource.description}</span>
            ) : (
              none
            )}
          </Row>
          <Row term="mimeType">
            {resource.mimeType ? <code className="font-mono">{resource.mimeType}</code> : none}
          </Row>
          <Row term="size">
            {typeof resource.size === "number"
              ? `${formatBytes(resource.size)} (${resource.size.toLocaleString("en")} bytes)`
              : none}
          </Row>
          {annotations && (
            <>
              {annotations.audience && <Row term="audience">{annotations.audience.join(", ")}</Row>}
              {annotations.priority !== undefined && <Row term="priority">{annotations.priority}</Row>}
              {annotations.lastModified && <Row term="lastModified">{annotations.lastModified}</Row>}
            </>
          )}
          {resource.icons && resource.icons.length > 0 && (
            <Row term="icons">
              <IconList icons={resource.icons} />
            </Row>
          )}
        </dl>
      ) : (
        <p className="text-xs text-zinc-500">
          This URI is not in the server&apos;s resource list; it was read directly.
        </p>
      )}
      {resource?._meta && (
        <div className="text-xs">
          <p className="mb-1 text-zinc-500">_meta</p>
          <JsonBlock value={resource._meta} />
        </div>
      )}
      {readMeta && (
        <div className="text-xs">
          <p className="mb-1 text-zinc-500">_meta of the read result</p>
          <JsonBlock value={readMeta} />
        </div>
      )}
    </div>
  );
}
