import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { isStaffPermission } from '@forum/contracts';
import type { Permission } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { StaffOnly } from '../auth/decorators';
import { PermissionChecker } from './permission-checker';

const REQUIRED_PERMISSION = 'forum:required-permission';

/**
 * Checks `@RequiresPermission` against the context's own `PermissionChecker` (after the global auth guard). A
 * platform controller (no context of its own, e.g. `/api/ops/status`) uses any context's checker of the process
 * (they all copy the same roles); with none at all, it refuses.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly modules: ModuleRef,
    @Optional() private readonly own?: PermissionChecker,
  ) {}

  private checker(): PermissionChecker | null {
    if (this.own) return this.own;
    try {
      return this.modules.get(PermissionChecker, { strict: false });
    } catch {
      return null;
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (permission) {
      const checker = this.checker();
      if (!checker) throw new DomainError('auth.forbidden');
      await checker.require(context.switchToHttp().getRequest<FastifyRequest>().actor, permission);
    }
    return true;
  }
}

/**
 * The route needs `permission` (anywhere, for tag-limited member permissions: the handler checks the tag).
 * A staff permission also makes the route staff-only. The context module must provide `PermissionChecker`.
 */
export function RequiresPermission(permission: Permission) {
  return applyDecorators(
    ...(isStaffPermission(permission) ? [StaffOnly()] : []),
    SetMetadata(REQUIRED_PERMISSION, permission),
    // In the OpenAPI document too, so a test can enumerate every route a permission guards.
    ApiExtension('x-required-permission', permission),
    UseGuards(PermissionGuard),
  );
}
