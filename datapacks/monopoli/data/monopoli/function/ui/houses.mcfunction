$function monopoli:board/$(board)/houses/$(space)/$(count)
