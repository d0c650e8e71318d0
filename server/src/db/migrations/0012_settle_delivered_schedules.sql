-- Delivering a unit settles its live delivery appointment (machines/ficha.ts settleDeliverySchedule,
-- machines/delivery-schedule.ts 'realizada'): units delivered before that rule keep an appointment still
-- waiting for an answer, which the ficha would go on offering; they are settled the same way.
UPDATE "delivery_schedules" SET "state" = 'realizada', "updated_at" = now()
  WHERE "cancelled_at" IS NULL AND "state" <> 'realizada'
    AND "unit_id" IN (SELECT "id" FROM "units" WHERE "delivery_state" IN ('entregada', 'entregada_obs'));
