import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { HelpCenter } from './help-center';
import type { ChangeHelpCategoryBody, HelpArticleBody, HelpCategoryBody } from './help-center';

/** Staff edit the help center (`content.manage`, checked on the route). */
export class CreateHelpCategoryCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly body: HelpCategoryBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangeHelpCategoryCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly categoryId: string,
    readonly body: ChangeHelpCategoryBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveHelpCategoryCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly categoryId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class PublishHelpArticleCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly body: HelpArticleBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditHelpArticleCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly articleId: string,
    readonly body: HelpArticleBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveHelpArticleCommand extends Command<{ id: string; visible: boolean }> {
  constructor(
    readonly articleId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(CreateHelpCategoryCommand)
export class CreateHelpCategoryHandler implements ICommandHandler<CreateHelpCategoryCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ body, meta }: CreateHelpCategoryCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.createCategory(body, meta);
  }
}

@CommandHandler(ChangeHelpCategoryCommand)
export class ChangeHelpCategoryHandler implements ICommandHandler<ChangeHelpCategoryCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ categoryId, body, meta }: ChangeHelpCategoryCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.changeCategory(categoryId, body, meta);
  }
}

@CommandHandler(RemoveHelpCategoryCommand)
export class RemoveHelpCategoryHandler implements ICommandHandler<RemoveHelpCategoryCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ categoryId, meta }: RemoveHelpCategoryCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.removeCategory(categoryId, meta);
  }
}

@CommandHandler(PublishHelpArticleCommand)
export class PublishHelpArticleHandler implements ICommandHandler<PublishHelpArticleCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ body, meta }: PublishHelpArticleCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.publish(body, meta);
  }
}

@CommandHandler(EditHelpArticleCommand)
export class EditHelpArticleHandler implements ICommandHandler<EditHelpArticleCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ articleId, body, meta }: EditHelpArticleCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.edit(articleId, body, meta);
  }
}

@CommandHandler(RemoveHelpArticleCommand)
export class RemoveHelpArticleHandler implements ICommandHandler<RemoveHelpArticleCommand> {
  constructor(private readonly help: HelpCenter) {}

  execute({ articleId, meta }: RemoveHelpArticleCommand): Promise<{ id: string; visible: boolean }> {
    return this.help.remove(articleId, meta);
  }
}
