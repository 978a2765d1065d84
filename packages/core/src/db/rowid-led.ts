/**
 * SQLite's `not indexed` on a query's first table (`from "events" not indexed`): the table is then read by its
 * rowid alone, so a condition `events.id in (…)` leads the query and every other condition is tested on the
 * rows it names. For a count of a search's matches: without statistics, SQLite otherwise walks the date
 * range's index (tens of thousands of events) and tests each against the matches, where looking up the few
 * matches by id costs a fraction of it (tools/bench/RESULTS.md, "The search's count led by its matches").
 */
import {
  FromNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  type UnknownRow,
} from 'kysely';

export const rowidLed: KyselyPlugin = firstTableWith(' not indexed');

/**
 * SQLite's `indexed by "<index>"` on a query's first table: the table is read through that index. For the
 * selective form of a geolocation list (`events_venue`, by the few venues near the point): without
 * statistics, SQLite otherwise walks the date range's `events_listing` and tests every event of it against
 * the venues (tools/bench/RESULTS.md, "Geolocation led by its venues"). The index must serve a condition of
 * the query, or SQLite refuses it.
 */
export function indexLed(index: string): KyselyPlugin {
  return firstTableWith(` indexed by "${index.replace(/"/g, '""')}"`);
}

function firstTableWith(clause: string): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (!SelectQueryNode.is(node) || !node.from) return node;
      const [first, ...rest] = node.from.froms;
      if (!first || !TableNode.is(first)) return node;
      // The table as the compiler writes it (quoted, with its schema if any), then the clause.
      const led = RawNode.createWithChildren([first, RawNode.createWithSql(clause)]);
      return { ...node, from: FromNode.create([led, ...rest]) };
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}
