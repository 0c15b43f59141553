import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { CommandMetadata, Page } from '@forum/contracts';
import { CommandMeta, Public, RequiresPermission, ValidBody, ValidQuery } from '@forum/platform';
import {
  changeHelpCategoryBody,
  HelpCenter,
  helpArticleBody,
  helpArticlesQuery,
  helpCategoryBody,
} from './help-center';
import {
  ChangeHelpCategoryCommand,
  CreateHelpCategoryCommand,
  EditHelpArticleCommand,
  PublishHelpArticleCommand,
  RemoveHelpArticleCommand,
  RemoveHelpCategoryCommand,
} from './help.commands';
import { SiteSettingsReader } from '../settings/queries/site-settings.reader';
import type {
  ChangeHelpCategoryBody,
  HelpArticleBody,
  HelpArticlesQuery,
  HelpArticleView,
  HelpCategoryBody,
  HelpCategoryView,
} from './help-center';

/** The help center for everyone (`/help`, `/helpDetail`). */
@ApiTags('moderation')
@Public()
@Controller('moderation/help')
export class HelpController {
  constructor(private readonly help: HelpCenter) {}

  @Get('categories')
  async categories(): Promise<{ items: HelpCategoryView[] }> {
    return { items: await this.help.categories() };
  }

  @Get('articles')
  articles(@ValidQuery(helpArticlesQuery) query: HelpArticlesQuery): Promise<Page<HelpArticleView>> {
    return this.help.articles(query);
  }

  @Get('articles/:id')
  article(@Param('id') id: string): Promise<HelpArticleView> {
    return this.help.article(id);
  }
}

/** The console's help center editor (`content.manage`). */
@ApiTags('moderation')
@RequiresPermission('content.manage')
@Controller('moderation/staff/help')
export class StaffHelpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly help: HelpCenter,
  ) {}

  /** Every category (a bare list: the console reads it whole). */
  @Get('categories')
  categories(): Promise<HelpCategoryView[]> {
    return this.help.categories();
  }

  @Get('articles')
  articles(@ValidQuery(helpArticlesQuery) query: HelpArticlesQuery): Promise<Page<HelpArticleView>> {
    return this.help.articles(query);
  }

  @Get('articles/:id')
  article(@Param('id') id: string): Promise<HelpArticleView> {
    return this.help.article(id);
  }

  @Post('categories')
  @HttpCode(201)
  createCategory(@ValidBody(helpCategoryBody) body: HelpCategoryBody, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new CreateHelpCategoryCommand(body, meta));
  }

  @Patch('categories/:id')
  changeCategory(
    @Param('id') id: string,
    @ValidBody(changeHelpCategoryBody) body: ChangeHelpCategoryBody,
    @CommandMeta() meta: CommandMetadata,
  ) {
    return this.commands.execute(new ChangeHelpCategoryCommand(id, body, meta));
  }

  @Delete('categories/:id')
  removeCategory(@Param('id') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RemoveHelpCategoryCommand(id, meta));
  }

  @Post('articles')
  @HttpCode(201)
  publish(@ValidBody(helpArticleBody) body: HelpArticleBody, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new PublishHelpArticleCommand(body, meta));
  }

  @Patch('articles/:id')
  edit(
    @Param('id') id: string,
    @ValidBody(helpArticleBody) body: HelpArticleBody,
    @CommandMeta() meta: CommandMetadata,
  ) {
    return this.commands.execute(new EditHelpArticleCommand(id, body, meta));
  }

  @Delete('articles/:id')
  remove(@Param('id') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RemoveHelpArticleCommand(id, meta));
  }
}

/** The terms of service page (`/termsService`): the `termsOfService` setting, plain text. */
@ApiTags('moderation')
@Public()
@Controller('moderation/terms')
export class TermsController {
  constructor(private readonly settings: SiteSettingsReader) {}

  @Get()
  async terms(): Promise<{ content: string }> {
    return { content: (await this.settings.current()).termsOfService };
  }
}
