ALTER TABLE "price_list" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "price_list" ADD COLUMN "description_es" text;--> statement-breakpoint
-- The demo's three lists, where they still carry the demo's English, get the demo's Spanish.
UPDATE "price_list" SET "name_es" = 'Mayorista', "description_es" = 'Nuestros precios al por mayor publicados.' WHERE "slug" = 'wholesale' AND "name" = 'Wholesale' AND "description" = 'Our published wholesale prices.';--> statement-breakpoint
UPDATE "price_list" SET "name_es" = 'Clientes', "description_es" = 'Precios para clientes registrados: al por mayor menos 5%.' WHERE "slug" = 'customers' AND "name" = 'Customers' AND "description" = 'Prices for registered customers: wholesale less 5%.';--> statement-breakpoint
UPDATE "price_list" SET "name_es" = 'Restaurantes', "description_es" = 'Plantilla para cuentas de restaurantes: al por mayor más 8%.' WHERE "slug" = 'restaurants' AND "name" = 'Restaurants' AND "description" = 'Template for restaurant accounts: wholesale plus 8%.';
