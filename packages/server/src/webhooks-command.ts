/**
 * `calendar-events webhooks add|list|remove|replay`: the webhooks of a database, managed as the
 * administrators' routes manage them (core's `createWebhookAdmin`). `add` prints the signing secret, which
 * nothing shows again. Input the service refuses (a URL that is no http(s) URL, an unknown type) is a usage
 * error (exit 2); an unknown webhook or an expired sync token a failure (exit 1).
 */
import {
  type CalendarDatabase,
  createWebhookAdmin,
  isApiError,
  WEBHOOK_TYPES,
  type Webhook,
  type WebhookAdmin,
} from '@calendar-events/core';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { databaseOption, integer, label, UsageError } from './cli-arguments.js';
import type { CliOutput } from './cli-output.js';

type WithDatabase = <T>(url: string, run: (database: CalendarDatabase) => Promise<T>) => Promise<T>;

/** `--types event,venue`: known change types, each once. */
function changeTypes(value: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const known = WEBHOOK_TYPES as readonly string[];
  if (items.some((item) => !known.includes(item)) || new Set(items).size !== items.length)
    throw new InvalidArgumentError(`It must name some of ${WEBHOOK_TYPES.join(', ')}, each once.`);
  return items;
}

const webhookId = integer(1, 2_147_483_647);

/** The service's refusal as one line: what the parameters' messages say, or the error's own message. */
function refusal(error: unknown): Error {
  if (!isApiError(error)) return error instanceof Error ? error : new Error(String(error));
  const params = error.data.params;
  if (error.code === 'rest_invalid_param' && params && typeof params === 'object')
    return new UsageError(Object.values(params).join(' '));
  if (error.code === 'rest_webhook_invalid_id') return new Error('there is no webhook with that id.');
  if (error.code === 'rest_sync_token_expired')
    return new Error(
      `the sync token is older than the changes kept; replay from ${String(error.data.next_token)} (now) instead.`,
    );
  return new Error(error.message);
}

function line(webhook: Webhook): string {
  const types = webhook.types.length > 0 ? webhook.types.join(',') : 'all';
  const status = webhook.status === 'active' ? 'active' : `disabled (${webhook.disabled_reason ?? ''})`;
  const note = webhook.description !== '' ? `  ${webhook.description}` : '';
  return `${webhook.id}  ${webhook.url}  ${types}  ${status}  ${webhook.position}${note}`;
}

export function webhooksCommand(program: Command, output: CliOutput, withDatabase: WithDatabase): Command {
  const print = (text: string) => output.stdout(`${text}\n`);
  const run = <T>(
    database: string,
    work: (webhooks: WebhookAdmin) => Promise<T>,
    webhookAllowPrivate = false,
  ): Promise<T> =>
    withDatabase(database, (opened) =>
      work(createWebhookAdmin({ database: opened, webhookAllowPrivate })),
    ).catch((error: unknown) => {
      throw refusal(error);
    });

  const webhooks = program
    .command('webhooks')
    .description('manage the webhooks the service sends changes to');
  webhooks
    .command('add')
    .description('register a webhook and print its signing secret (it is shown only once)')
    .argument('<url>', 'where to send the changes: an http or https URL')
    .addOption(
      new Option(
        '--types <types>',
        `the change types to send, comma-separated (${WEBHOOK_TYPES.join(', ')}; default: all)`,
      ).argParser(changeTypes),
    )
    .addOption(new Option('--description <text>', 'a note for administrators').argParser(label))
    .addOption(
      new Option(
        '--webhook-allow-private',
        'accept a private, loopback or link-local target (the server must allow it too to deliver)',
      ).env('WEBHOOK_ALLOW_PRIVATE'),
    )
    .addOption(databaseOption())
    .option('--json', 'print the webhook and its secret as JSON')
    .action(
      async (
        url: string,
        options: {
          types?: string[];
          description?: string;
          database: string;
          json?: boolean;
          webhookAllowPrivate?: boolean;
        },
      ) => {
        const webhook = await run(
          options.database,
          (admin) => admin.add({ url, types: options.types, description: options.description }),
          options.webhookAllowPrivate === true,
        );
        if (options.json) print(JSON.stringify(webhook));
        else {
          print(webhook.secret);
          output.stderr(`created webhook ${webhook.id} for ${webhook.url}; its secret is shown only once\n`);
        }
      },
    );
  webhooks
    .command('list')
    .description('list the webhooks: id, url, types, status, position')
    .addOption(databaseOption())
    .option('--json', 'print them as a JSON array')
    .action(async (options: { database: string; json?: boolean }) => {
      const all: Webhook[] = [];
      await run(options.database, async (admin) => {
        for (let page = 1; ; page++) {
          const { items, total } = await admin.list({ page, perPage: 1000 });
          all.push(...items);
          if (items.length === 0 || all.length >= total) break;
        }
      });
      if (options.json) print(JSON.stringify(all));
      else if (all.length === 0) print('no webhooks');
      else for (const webhook of all) print(line(webhook));
    });
  webhooks
    .command('remove')
    .description('delete a webhook and its delivery attempts')
    .argument('<id>', 'the webhook id', webhookId)
    .addOption(databaseOption())
    .action(async (id: number, options: { database: string }) => {
      const removed = await run(options.database, (admin) => admin.remove(id));
      print(`removed webhook ${removed.id} (${removed.url})`);
    });
  webhooks
    .command('replay')
    .description('send a webhook the changes after a sync token again, and enable it')
    .argument('<id>', 'the webhook id', webhookId)
    .addOption(
      new Option(
        '--since <token>',
        'the sync token to send the changes after (GET /changes, a delivery, a position)',
      )
        .argParser(label)
        .makeOptionMandatory(),
    )
    .addOption(databaseOption())
    .action(async (id: number, options: { since: string; database: string }) => {
      const webhook = await run(options.database, (admin) => admin.replay(id, options.since));
      print(`webhook ${webhook.id} replays the changes after ${webhook.position}`);
    });
  return webhooks;
}
