CREATE UNIQUE INDEX "concrete_documents_file_uq" ON "concrete_documents" USING btree ("file_id");
