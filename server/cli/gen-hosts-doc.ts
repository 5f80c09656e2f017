// `npm run docs:hosts`: writes docs/HOSTS.md from lib/hosts (lib/hosts/hosts-doc.ts makes it; its
// test fails when the file is stale). Run it after changing a host's facts, release or rules.
import { writeFileSync } from "node:fs";
import { HOSTS_DOC, hostsDoc } from "@/lib/hosts/hosts-doc";

const file = new URL(`../../${HOSTS_DOC}`, import.meta.url);
writeFileSync(file, hostsDoc());
console.log(`wrote ${HOSTS_DOC}`);
