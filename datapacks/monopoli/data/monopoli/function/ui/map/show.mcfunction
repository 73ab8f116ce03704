$function monopoli:board/$(board)/map/show
