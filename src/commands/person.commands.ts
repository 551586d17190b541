// The person profile's actions (spec 2.3 People, 4): a command per lifecycle
// step (offered → offer accepted → joining → active → leaving → alumni),
// offered only when a worker of the person on screen can take it — each asks
// for the effective date (today filled in) and shows the recorded result; edit
// the tab's form (personal or employee information, a family member); add or
// remove a family member (current persons only); the "as of" date of the
// stages; and Alt+1…8 for the profile's tabs. They act on the profile of the
// main pane (its URL and src/panes/person/person-store.ts).
import { TRANSITION_STAGES } from '../api/contracts/people-lifecycle.js';
import { PROFILE_TABS, personPage } from '../panes/person/person-store.js';
import { type Command, type CommandContext, defineCommand } from './registry.js';

const PROFILE = /^\/(person|alumni)\/([0-9a-f-]{36})\/(?:([a-z-]+)|family\/([0-9a-f-]{36}))$/;
const profileOf = (ctx: CommandContext) => {
  const m = ctx.path().match(PROFILE);
  return m ? { base: `/${m[1]}`, personId: m[2]!, tab: m[3] ?? null, familyPersonId: m[4] ?? null } : null;
};
const onProfile = (ctx: CommandContext) => ctx.can('HR') && profileOf(ctx) !== null;
/** The profile the main pane has loaded (the store's), when it is the one in the URL. */
const loaded = (ctx: CommandContext) => {
  const p = profileOf(ctx);
  const profile = personPage.get().profile;
  return p && profile && profile.personId === p.personId ? profile : null;
};

const scope = 'pane:person';
const title = (key: string) => ['routes:sections.person', `person:commands.${key}`] as const;

export const personCommands = (): Command[] => [
  ...PROFILE_TABS.map((tab, i) =>
    defineCommand({
      id: `person.tab.${tab}`,
      title: ['routes:sections.person', `routes:pages.${tab}`],
      section: 'navigation',
      scope,
      keys: `Alt+Digit${i + 1}`,
      when: onProfile,
      run: (ctx) => {
        const p = profileOf(ctx)!;
        const asOf = ctx.search().asOf;
        ctx.navigate(`${p.base}/${p.personId}/${tab}${typeof asOf === 'string' ? `?asOf=${asOf}` : ''}`);
      },
    }),
  ),
  defineCommand({
    id: 'person.edit',
    title: title('edit'),
    section: 'actions',
    scope,
    keys: 'e',
    when: (ctx) => onProfile(ctx) && personPage.get().edit !== null,
    run: () => personPage.get().edit?.(),
  }),
  defineCommand({
    id: 'person.asOf',
    title: title('asOf'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyD',
    when: (ctx) => onProfile(ctx) && loaded(ctx) !== null,
    // From the palette this runs once it has given the focus back.
    run: () => document.querySelector<HTMLInputElement>('main [data-as-of]')?.focus(),
  }),
  ...TRANSITION_STAGES.map((stage) =>
    defineCommand({
      id: `person.lifecycle.${stage}`,
      title: title(`lifecycle.${stage}`),
      section: 'actions',
      scope,
      keywords: ['lifecycle', 'ライフサイクル', stage.toLowerCase().replace('_', ' ')],
      when: (ctx) => onProfile(ctx) && !!loaded(ctx)?.workers.some((w) => w.nextStages.includes(stage)),
      run: () => personPage.patch({ lifecycle: stage }),
    }),
  ),
  defineCommand({
    id: 'person.family.add',
    title: title('familyAdd'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyA',
    when: (ctx) => onProfile(ctx) && loaded(ctx)?.isAlumni === false,
    run: () => personPage.patch({ familyAdd: true }),
  }),
  defineCommand({
    id: 'person.family.delete',
    title: title('familyDelete'),
    section: 'actions',
    scope,
    keys: 'Delete',
    when: (ctx) => onProfile(ctx) && profileOf(ctx)?.familyPersonId != null && personPage.get().family !== null,
    run: async (ctx) => {
      const family = personPage.get().family;
      if (!family) return;
      const ok = await ctx.dialogs.confirm({
        title: ctx.t('person:commands.familyDelete'),
        body: ctx.t('person:family.confirmDelete', { name: family.name }),
        confirmLabel: ctx.t('person:commands.familyDelete'),
        destructive: true,
      });
      if (ok) await family.remove();
    },
  }),
];
