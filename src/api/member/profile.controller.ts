import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import {
  ChangeCredentialCommand,
  CredentialChangeResult,
  CurrentMember,
  MemberAuthGuard,
  MemberPrincipal,
  MemberReadCall,
  MoneyOrCredentialCall,
  PasswordChangeCall,
  readOnlySession,
} from '../../modules/identity';
import {
  ProfileOutcome,
  ProfileQueries,
  SaveBankDetailsCommand,
  SaveWalletCommand,
  UpdateProfileCommand,
} from '../../modules/profile';
import { errorBody } from '../../platform/http/error-body';
import { UidBodyDto } from './help.dto';
import { memberMetadata } from './member-metadata';
import { RegionDto, UpdateProfileDto } from './profile.dto';

const text = (value: string | undefined): string => value ?? '';

/** Profile, passwords, bank details and wallet of the member contract (spec §7; issue 12). The caller is always the token. */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly profile: ProfileQueries,
  ) {}

  @Post('UserInformation')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The caller's profile (data[0]): f_name, email, mobile, countryid, statename, districtname, cityname, pincode, nominee_name, nominee_relation, accountaddress (wallet), accountnumber, holder, ifsc, bank_name, branch, PAN, AAdhar, GPay, and bank_locked / wallet_locked",
  })
  async userInformation(@Body() _body: UidBodyDto, @CurrentMember() member: MemberPrincipal) {
    const info = await this.profile.userInformation(member.uid, readOnlySession(member));
    return info ? [info] : [];
  }

  @Post('getregion')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Regions of India from the india-state-district data: regiontype 'State' → data[0] = [{id, name}] of every state and union territory; 'District' with regionid = a state's id → its districts",
  })
  region(@Body() body: RegionDto) {
    return [this.profile.regions(body.regiontype, text(body.regionid).trim())];
  }

  @Get('ifsc/:code')
  @ApiOperation({
    summary:
      "Sahyog's IFSC look-up for the bank form (the spec's public IFSC service, through the server): { IFSC, BANK, BRANCH, ADDRESS, CITY, STATE }, or 404 when the code is not a real IFSC or the look-up cannot name it",
  })
  async ifsc(@Param('code') code: string) {
    const found = await this.profile.branch(code.slice(0, 20));
    if (!found) throw new NotFoundException(errorBody(404, 'IFSC not found'));
    return {
      IFSC: found.ifsc,
      BANK: found.bank,
      BRANCH: found.branch,
      ADDRESS: found.address,
      CITY: found.city,
      STATE: found.state,
    };
  }

  @Post('UpdateProfile')
  @HttpCode(200)
  @MoneyOrCredentialCall()
  // The one call an account with a one-time password may make: its login password change (decision 0032).
  @PasswordChangeCall((body) => (body as { type?: unknown } | undefined)?.type === 'password')
  @ApiOperation({
    summary:
      "type profile | password | trans_password | ecurrency | bankdetails → { Result, result, code } ('Profile Update Successfully', 'Changes Password Update Successfully', 'Wallet Address Update Successfully', 'Bank Details Updated Successfully'; 'Current password is wrong!', 'Current Transaction Password is wrong!', 'Details Verified and Locked'); a password change also answers `token`, a session of the new credential version (older sessions end). Malformed input → 400 with the spec's text",
  })
  async update(
    @Body() body: UpdateProfileDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const metadata = memberMetadata(request, member);
    const uid = member.uid;
    let outcome: ProfileOutcome | CredentialChangeResult;
    switch (body.type) {
      case 'profile':
        outcome = await this.commands.execute(
          new UpdateProfileCommand(
            uid,
            {
              state: text(body.statename),
              district: text(body.districtname),
              city: text(body.cityname),
              pincode: text(body.pincode),
              nomineeName: text(body.Nomineename),
              nomineeRelation: text(body.Nomineerelation),
            },
            metadata,
          ),
        );
        break;
      case 'password':
      case 'trans_password': {
        const login = body.type === 'password';
        outcome = await this.commands.execute(
          new ChangeCredentialCommand(
            uid,
            login ? 'password' : 'transaction',
            text(login ? body.cpassword : body.ctrans_password),
            text(login ? body.password : body.trans_password),
            login ? body.confirmpassword : body.confirm_trans_password,
            Boolean(member.impersonatedBy),
            metadata,
          ),
        );
        break;
      }
      case 'ecurrency':
        outcome = await this.commands.execute(
          new SaveWalletCommand(uid, text(body.accountnumber), text(body.otp), metadata),
        );
        break;
      case 'bankdetails':
        outcome = await this.commands.execute(
          new SaveBankDetailsCommand(
            uid,
            {
              accountNumber: text(body.accountnumber),
              holder: text(body.holder),
              ifsc: text(body.ifsc),
              transactionPassword: text(body.ctrans_password),
              pan: text(body.PAN),
              aadhaar: text(body.AAdhar),
              upiNumber: text(body.upinumber),
            },
            { bankName: text(body.bank_name), branch: text(body.branch) },
            metadata,
          ),
        );
        break;
    }
    const { code, text: result, token } = outcome as CredentialChangeResult;
    return { Result: result, result, code, ...(token ? { token } : {}) };
  }
}
