// The house rules ESLint has no rule for: file names, and imports that leave their folder through an alias.
import path from "node:path";

const ROLE = "(routes|service|schema|desk|jobs|test|test-support)";
const SOURCE_NAME = new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*(\\.${ROLE})?\\.tsx?$`);
const DECLARATION_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.d\.ts$/;

/** The folder a file belongs to: one feature, or one top-level folder of worker/ or web/src/. */
function roomOf(file) {
  const parts = file.split("/");
  if (parts[0] === "worker") {
    if (parts[1] === "features") return parts.slice(0, 3).join("/");
    return parts.length === 2 ? "worker" : parts.slice(0, 2).join("/");
  }
  if (parts[0] === "web" && parts[1] === "src") {
    if (parts[2] === "features") return parts.slice(0, 4).join("/");
    return parts.length === 3 ? "web/src" : parts.slice(0, 3).join("/");
  }
  return null;
}

const relativeToRoot = (root, file) => path.relative(root, file).split(path.sep).join("/");

const fileName = {
  meta: {
    type: "problem",
    docs: { description: "kebab-case file names with at most one role suffix" },
    messages: {
      name: "'{{name}}': file names are kebab-case with at most one role suffix (.routes, .service, .schema, .desk, .jobs, .test, .test-support).",
    },
    schema: [],
  },
  create(context) {
    const name = path.basename(context.physicalFilename);
    const ok = DECLARATION_NAME.test(name) || SOURCE_NAME.test(name);
    return ok ? {} : { Program: (node) => context.report({ node, messageId: "name", data: { name } }) };
  },
};

const aliasBetweenRooms = {
  meta: {
    type: "problem",
    docs: { description: "relative imports stay inside one feature or top-level folder; others use @worker/… or @web/…" },
    messages: {
      alias: "'{{source}}' leaves {{room}}: import it as '{{alias}}'.",
    },
    schema: [{ type: "object", properties: { root: { type: "string" } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const importer = relativeToRoot(root, context.physicalFilename);
    const room = roomOf(importer);
    if (!room) return {};
    const check = (source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = relativeToRoot(root, path.resolve(path.dirname(context.physicalFilename), source.value));
      if (roomOf(target) === room) return;
      const alias = target.startsWith("web/src/")
        ? `@web/${target.slice(8)}`
        : target.startsWith("worker/")
          ? `@worker/${target.slice(7)}`
          : target;
      context.report({ node: source, messageId: "alias", data: { source: source.value, room, alias } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const localRules = { rules: { "file-name": fileName, "alias-between-rooms": aliasBetweenRooms } };
