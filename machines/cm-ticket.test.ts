import { describe, expect, it } from 'vitest';
import { cmTicketCommands } from '#domain/cmanagement';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import {
  CM_TICKET_STATES,
  CM_TICKET_TARGETS,
  cmTicketMachine,
  cmTicketMoveEvent,
  type CmTicketState,
} from './cm-ticket.ts';

const at = (value: CmTicketState, openIssues = 0) => ({ value, context: { openIssues } });

describe('cmanagement ticket machine', () => {
  it('docs/product.md §1: generated paths walk every state, transition and command', async () => {
    const report = await walkModel(cmTicketMachine, {
      events: [
        { type: 'cmTicket.start' },
        { type: 'cmTicket.block', reason: 'Falta material' },
        { type: 'cmTicket.block', reason: ' ' },
        { type: 'cmTicket.unblock' },
        { type: 'cmTicket.resolve' },
        { type: 'cmTicket.close' },
        { type: 'cmTicket.reopen' },
      ],
      commands: cmTicketCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(cmTicketMachine.root.states).sort()).toEqual([...CM_TICKET_STATES].sort());
  });

  it('refuses to resolve while issues are open, and to block without a reason', () => {
    expect(nextState(cmTicketMachine, at('en_curso', 2), { type: 'cmTicket.resolve' }).ok).toBe(false);
    expect(nextState(cmTicketMachine, at('en_curso', 0), { type: 'cmTicket.resolve' }).ok).toBe(true);
    expect(nextState(cmTicketMachine, at('abierto'), { type: 'cmTicket.block', reason: '  ' }).ok).toBe(false);
  });

  it('a blocked ticket is unblocked before anything else; a closed one only reopens', () => {
    expect(CM_TICKET_TARGETS.bloqueado).toEqual(['en_curso']);
    expect(CM_TICKET_TARGETS.cerrado).toEqual(['en_curso']);
    expect([...CM_TICKET_TARGETS.abierto].sort()).toEqual(['bloqueado', 'cerrado', 'en_curso', 'resuelto']);
  });

  it('names the event of each move the graph allows, and none for the others', () => {
    expect(cmTicketMoveEvent('abierto', 'en_curso')).toBe('cmTicket.start');
    expect(cmTicketMoveEvent('en_curso', 'bloqueado')).toBe('cmTicket.block');
    expect(cmTicketMoveEvent('bloqueado', 'en_curso')).toBe('cmTicket.unblock');
    expect(cmTicketMoveEvent('resuelto', 'en_curso')).toBe('cmTicket.reopen');
    expect(cmTicketMoveEvent('bloqueado', 'resuelto')).toBeNull();
    expect(cmTicketMoveEvent('abierto', 'abierto')).toBeNull();
    for (const from of CM_TICKET_STATES)
      for (const to of CM_TICKET_STATES)
        expect(cmTicketMoveEvent(from, to) !== null).toBe(CM_TICKET_TARGETS[from].includes(to));
  });
});
