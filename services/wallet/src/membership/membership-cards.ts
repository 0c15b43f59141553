import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import type { CommandMetadata, MembershipCardDefinition, MembershipCardEvent, MembershipSpec } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PERMISSION_ROLES } from '@forum/platform';
import type { AppConfig, PermissionRoleDocument } from '@forum/platform';
import { cardStream, membershipCardDecider } from './membership-card.decider';
import { membershipStockDecider, stockStream } from './membership-stock.decider';
import { MEMBERSHIP_PROJECTION } from './membership.projection';
import type { CardBody, SpecificationBody } from './membership.schemas';

/** The card as stored, or null when there is none: read from its stream, never from the read model. */
export async function loadCard(store: EventStore, cardId: string): Promise<MembershipCardDefinition | null> {
  const events = (await store.readStream(cardStream(cardId))) as unknown as MembershipCardEvent[];
  return fold(membershipCardDecider, events).card;
}

/**
 * Staff manage cards (docs/rules/wallet.md, membership cards). Each save is an event carrying the staff member; a specification's stock is
 * kept on its own stream and changes only by a signed amount, so a save never races a purchase over the stock.
 */
@Injectable()
export class MembershipCards {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async create(body: CardBody, meta: CommandMetadata): Promise<string> {
    const cardId = newId(meta.now.getTime());
    const stocks: { specId: string; stock: number }[] = [];
    const specifications = body.specifications.map((spec) => {
      if (spec.specId) throw new DomainError('wallet.membership_spec_not_found');
      const specId = newId(meta.now.getTime());
      stocks.push({ specId, stock: spec.stock });
      return specification(specId, spec);
    });
    const card = await this.definition(cardId, body, specifications, meta);
    const result = await this.store.handle(membershipCardDecider, cardStream(cardId), { type: 'Create', card }, meta);
    // A retried create answers the first card (the store found the idempotency key); its stock is set already.
    const savedId = result.streamId.slice('membershipCard-'.length);
    if (!result.replayed) await this.initialStock(savedId, stocks, meta);
    await this.caughtUp(result);
    return savedId;
  }

  async change(cardId: string, body: CardBody, meta: CommandMetadata): Promise<void> {
    const current = await loadCard(this.store, cardId);
    if (!current) throw new DomainError('wallet.membership_card_not_found');
    const known = new Set(current.specifications.map((spec) => spec.specId));
    const added: { specId: string; stock: number }[] = [];
    const specifications = body.specifications.map((spec) => {
      if (spec.specId && !known.has(spec.specId)) throw new DomainError('wallet.membership_spec_not_found');
      const specId = spec.specId ?? newId(meta.now.getTime());
      if (!spec.specId) added.push({ specId, stock: spec.stock });
      return specification(specId, spec);
    });
    const card = await this.definition(cardId, body, specifications, meta);
    const result = await this.store.handle(membershipCardDecider, cardStream(cardId), { type: 'Change', card }, meta);
    if (!result.replayed) await this.initialStock(cardId, added, meta);
    await this.caughtUp(result);
  }

  /** Staff add (or remove) units; refused when the stock would go below zero. */
  async adjustStock(cardId: string, specId: string, change: number, meta: CommandMetadata): Promise<void> {
    const card = await loadCard(this.store, cardId);
    if (!card) throw new DomainError('wallet.membership_card_not_found');
    if (!card.specifications.some((spec) => spec.specId === specId))
      throw new DomainError('wallet.membership_spec_not_found');
    const result = await this.store.handle(
      membershipStockDecider,
      stockStream(specId),
      { type: 'Adjust', cardId, specId, change, by: meta.actor.id },
      meta,
    );
    await this.caughtUp(result);
  }

  private async initialStock(cardId: string, specs: { specId: string; stock: number }[], meta: CommandMetadata) {
    for (const { specId, stock } of specs) {
      const result = await this.store.handle(
        membershipStockDecider,
        stockStream(specId),
        { type: 'Adjust', cardId, specId, change: stock, by: meta.actor.id },
        { ...meta, idempotencyKey: `membership-stock-initial:${specId}` },
      );
      await this.caughtUp(result);
    }
  }

  /** The role must be a member role other than the default one (which everybody holds anyway). */
  private async definition(
    cardId: string,
    body: CardBody,
    specifications: MembershipSpec[],
    meta: CommandMetadata,
  ): Promise<MembershipCardDefinition> {
    const role = await this.db
      .collection<PermissionRoleDocument>(PERMISSION_ROLES)
      .findOne({ _id: body.roleId, deleted: false });
    if (!role || role.kind !== 'member' || role.isDefault) throw new DomainError('wallet.membership_role_invalid');
    const { name, subtitle, introduction, descriptionTags, onSale, roleId } = body;
    return {
      cardId,
      name,
      subtitle,
      introduction,
      descriptionTags,
      onSale,
      roleId,
      roleName: role.name,
      specifications,
      by: meta.actor.id,
    };
  }

  private async caughtUp(result: { streamId: string; version: number; events: unknown[] }): Promise<void> {
    if (result.events.length === 0) return;
    await this.waiter.waitFor(
      MEMBERSHIP_PROJECTION,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }
}

function specification(specId: string, spec: SpecificationBody): MembershipSpec {
  return {
    specId,
    name: spec.name,
    price: spec.price ?? 0,
    points: spec.points,
    marketPrice: spec.marketPrice ?? null,
    duration: spec.duration,
    unit: spec.unit,
    enabled: spec.enabled,
  };
}
