$function monopoli:$(f) with storage monopoli:outbox ops[0]
